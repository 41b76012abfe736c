/**
 * The contract of one method's answer in the test cluster: its wire name, whether a node without
 * `--full-rpc-api` serves it, its parameters as agave declares them (so a wrong count or type is refused
 * in agave's words), whether it honours `minContextSlot`, and the function that answers.
 */
import type { Ledger } from '../simulatedLedger.js';

/** What every answer reads: the cluster's ledger, its tip and clock. */
export interface AnswerContext {
  ledger: Ledger;
  /** The tip: the newest (processed) slot. */
  slot: number;
  /** The cluster's clock, milliseconds. */
  nowMs: number;
  /** Milliseconds a slot lasts. */
  slotMs: number;
  /** What the answer's `prepare` resolved to for this call (undefined when it has none or it refused). */
  prepared?: unknown;
  /** How many slots this node is behind the cluster (the `behind` fault): past 128 it is unhealthy. */
  behindSlots?: number;
  /** How many slots after landing a transaction's status shows (the `statusLag` fault); 0 when left out. */
  statusLagSlots?: number;
}

/**
 * A parameter's Rust type, as serde names it in a refusal: `'string'` (String), `'u64'`, `'usize'`,
 * `'strings'` (Vec<String>), `'any'` (an untagged or enum type the answer checks itself), or
 * `{ struct: 'RpcContextConfig' }` for a config object.
 */
export type ParamKind = 'string' | 'u64' | 'usize' | 'strings' | 'any' | { struct: string };

export interface MethodAnswer {
  readonly method: string;
  /** Served by every agave node (the Minimal API set); false: only with `--full-rpc-api`. */
  readonly minimal: boolean;
  /** The parameters a call must give, in order. */
  readonly required: readonly ParamKind[];
  /** The trailing parameters it may give (Rust `Option`s), in order. */
  readonly optional?: readonly ParamKind[];
  /**
   * Honours `minContextSlot`: the bank the call reads (`commitment`, or `preflightCommitment` for
   * sendTransaction) must have reached it, or -32016. Which param holds the config, when not the last.
   */
  readonly minContextSlot?: {
    commitmentKey?: string;
    configAt?: (params: unknown[]) => unknown;
    /** Only at this commitment (getBlocks reads a bank for confirmed blocks alone). */
    onlyAt?: string;
  };
  /**
   * Asynchronous work done before the call is checked and answered: WebCrypto's Ed25519 (signatures
   * verified, the faucet's signed) is asynchronous, the ledger's apply is not. Its result is the answer's
   * `context.prepared`. An RpcFailure it throws is dropped: the answer refuses those params in order.
   */
  prepare?(context: AnswerContext, params: unknown[]): Promise<unknown>;
  /** The answer (the JSON-RPC `result`); throws RpcFailure for an error. */
  answer(context: AnswerContext, params: unknown[]): unknown;
}

/** Declares a method's answer (identity: the type checks it). */
export function defineAnswer(answer: MethodAnswer): MethodAnswer {
  return answer;
}
