/**
 * A subscribe request's params checked as agave's rpc_pubsub.rs does before it subscribes: an address or
 * signature that does not parse is -32602 "Invalid Request: Invalid <thing> provided", logsSubscribe
 * takes one address in `mentions`, and an unknown account encoding is serde's unknown variant (the HTTP
 * side's own refusal, so both sides word it alike).
 */
import { base58Problem } from '../../codecs/base58Text.js';
import { uiAccount } from '../simulatedAccounts.js';
import { RpcFailure } from '../simulatedLedger.js';

/** The JSON-RPC error a subscribe request is refused with. */
export interface SubscribeRefusal {
  code: number;
  message: string;
}

const invalid = (message: string): SubscribeRefusal => ({ code: -32602, message });

/** A subscription's config (its last param when an object), or `{}`. */
export function configOf(params: unknown[], at: number): Record<string, unknown> {
  const value = params[at];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The account encoding refused as the HTTP side refuses it, or undefined when known. */
function encodingProblem(encoding: unknown): SubscribeRefusal | undefined {
  if (encoding === undefined || encoding === null) return undefined;
  try {
    const empty = { bytes: new Uint8Array(0), owner: '', lamports: 0n };
    uiAccount(empty, { encoding: String(encoding) }, 'placeholder');
    return undefined;
  } catch (error) {
    if (error instanceof RpcFailure) return { code: error.body.code, message: error.body.message };
    throw error;
  }
}

/** Why agave would refuse this subscribe request, or undefined when it subscribes. */
export function subscribeProblem(method: string, params: unknown[]): SubscribeRefusal | undefined {
  switch (method) {
    case 'accountSubscribe':
    case 'programSubscribe':
      if (base58Problem(params[0], 32)) return invalid('Invalid Request: Invalid pubkey provided');
      return encodingProblem(configOf(params, 1).encoding);
    case 'signatureSubscribe':
      if (base58Problem(params[0], 64)) return invalid('Invalid Request: Invalid signature provided');
      return undefined;
    case 'logsSubscribe': {
      const filter = params[0];
      if (filter === 'all' || filter === 'allWithVotes') return undefined;
      const mentions = (filter as { mentions?: unknown } | null)?.mentions;
      if (typeof filter !== 'object' || filter === null || !Array.isArray(mentions)) {
        // serde reads a unit variant from a string and a newtype variant from an object's one key.
        const variant = typeof filter === 'string' ? filter : Object.keys(filter ?? {})[0];
        if (variant === undefined || variant === 'mentions')
          return invalid('Invalid params: invalid type: expected a sequence.');
        return invalid(
          `Invalid params: unknown variant \`${variant.slice(0, 40)}\`, expected one of \`all\`, \`allWithVotes\`, \`mentions\`.`,
        );
      }
      if (mentions.length !== 1) return invalid('Invalid Request: Only 1 address supported');
      if (base58Problem(mentions[0], 32)) return invalid('Invalid Request: Invalid mentions provided');
      return undefined;
    }
    default:
      return undefined;
  }
}
