/**
 * The faults that change what is answered rather than how it travels: a node behind the cluster (its
 * answers read an older bank) and dropped sends (a signature answered for a transaction that never
 * lands). The Node server and the msw handlers answer through this one function.
 */
import bs58Module from 'bs58';
import { encodeBase58 } from '../../codecs/base58.js';
import { decodeBase64 } from '../../codecs/base64.js';
import type { FaultSet } from './faultSet.js';

/** Answers a call as of `lagSlots` behind the cluster's current slot; throws the JSON-RPC failure it refuses with. */
export type AnswerAt = (method: string, params: unknown[], lagSlots: number) => unknown;

/** `answer` with the `behind` and `dropSends` faults applied. */
export function answerWithFaults(faults: FaultSet, answer: AnswerAt): (method: string, params: unknown[]) => unknown {
  return (method, params) => {
    if (method === 'sendTransaction' && faults.peek('dropSends')) {
      const signature = firstSignature(params);
      // Bytes that are no transaction are refused as the node refuses them: the fault drops only sends it would take.
      if (signature !== undefined) {
        faults.take('dropSends');
        return signature;
      }
    }
    const behind = faults.peek('behind', [method]);
    return answer(method, params, behind ? behind.options.slots : 0);
  };
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
