/**
 * The faults that change what is answered rather than how it travels: a node behind the cluster (its
 * answers read an older bank), dropped sends (a signature answered for a transaction that never lands,
 * every one or a seeded share), statuses that lag, and a market fee (kept in the ledger, which refuses to
 * land what pays less), and scans refused past a size. The Node server and the msw handlers answer through
 * this one function.
 */
import bs58Module from 'bs58';
import { encodeBase58 } from '../../codecs/base58.js';
import { decodeBase64 } from '../../codecs/base64.js';
import type { NodeConditions } from '../clusterState.js';
import type { MarketOptions } from '../ledger/market.js';
import { seededRandom } from '../seededRandom.js';
import { RpcFailure } from '../simulatedLedger.js';
import type { ActiveFault, FaultSet } from './faultSet.js';

/** Answers a call as the node `node` describes; throws the JSON-RPC failure it refuses with. */
export type AnswerAt = (method: string, params: unknown[], node: NodeConditions) => unknown;

/** `answer` with the `behind`, `dropSends` and `statusLag` faults applied. */
export function answerWithFaults(faults: FaultSet, answer: AnswerAt): (method: string, params: unknown[]) => unknown {
  const draws = new WeakMap<ActiveFault, () => number>();
  /** Whether the send is dropped: always, or when the fault's next seeded draw falls below its share. */
  const drops = (fault: ActiveFault<'dropSends'>) => {
    const { share, seed = 0 } = fault.options;
    if (share === undefined) return true;
    let draw = draws.get(fault);
    if (!draw) {
      draw = seededRandom(seed);
      draws.set(fault, draw);
    }
    return draw() < share;
  };
  return (method, params) => {
    const dropping = method === 'sendTransaction' ? faults.peek('dropSends') : undefined;
    if (dropping) {
      const signature = firstSignature(params);
      // Bytes that are no transaction are refused as the node refuses them: the fault drops only sends it would take.
      if (signature !== undefined && drops(dropping)) {
        faults.spend(dropping);
        return signature;
      }
    }
    const behind = faults.peek('behind', [method]);
    const lag = faults.peek('statusLag');
    const answered = answer(method, params, {
      behindSlots: behind ? behind.options.slots : 0,
      statusLagSlots: lag ? lag.options.slots : 0,
    });
    const limit = SCANS.includes(method) ? faults.peek('scanLimit', [method]) : undefined;
    return limit ? refuseLargeScan(faults, limit, answered) : answered;
  };
}

/** The methods that answer with a scan's list of accounts, which the `scanLimit` fault refuses when long. */
const SCANS = ['getProgramAccounts', 'getTokenAccountsByOwner', 'getTokenAccountsByDelegate'];

/**
 * The answer, or -32012 when it lists more than the fault's `maxAccounts`: the scan error agave passes
 * through from its accounts index, which providers that cap scans answer too.
 */
async function refuseLargeScan(faults: FaultSet, fault: ActiveFault<'scanLimit'>, answered: unknown) {
  const result = await answered;
  const listed = Array.isArray(result) ? result : (result as { value?: unknown } | null)?.value;
  const { maxAccounts } = fault.options;
  if (!Array.isArray(listed) || listed.length <= maxAccounts) return result;
  faults.spend(fault);
  throw new RpcFailure({
    code: -32012,
    message: `scan aborted: the scan would list more than ${maxAccounts} accounts; narrow it with filters, or page it`,
  });
}

/** Opens the ledger's market when a `marketFee` fault is switched on, and closes it when the fault is cleared. */
export function connectMarket(faults: FaultSet, openMarket: (options: MarketOptions) => () => void): void {
  faults.onAdd((fault) => {
    if (fault.kind !== 'marketFee') return;
    faults.whenCleared(fault, openMarket((fault as ActiveFault<'marketFee'>).options));
  });
}

/** The first signature of a wire transaction given as sendTransaction's parameters, base58 text. */
function firstSignature(params: unknown[]): string | undefined {
  const text = params[0];
  if (typeof text !== 'string') return undefined;
  const encoding = (params[1] as { encoding?: unknown } | undefined)?.encoding ?? 'base58';
  const bytes = encoding === 'base64' ? decodeBase64(text) : encoding === 'base58' ? decodeBase58(text) : undefined;
  // A compact-u16 count of signatures (one byte below 128), then the 64-byte signatures.
  if (!bytes || bytes.length < 65 || (bytes[0] ?? 0) < 1 || (bytes[0] ?? 0) > 127) return undefined;
  return encodeBase58(bytes.subarray(1, 65));
}

function decodeBase58(text: string): Uint8Array | undefined {
  // bs58's CommonJS build: its default is the codec from ESM, the whole exports object from our CJS build.
  const module = bs58Module as typeof bs58Module & { default?: typeof bs58Module };
  const codec = typeof module.decodeUnsafe === 'function' ? module : (module.default as typeof bs58Module);
  return codec.decodeUnsafe(text);
}
