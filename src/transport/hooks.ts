/**
 * `onRequest` / `onResponse`: what the transport tells an app's logging and metrics about each request it
 * sends. The events carry an endpoint's origin and place in the list, never its URL's path, query or
 * credentials (where providers put API keys), and never the request's params or the answer's body.
 * @module
 */
import type { SolRpcError } from '../errors/SolRpcError.js';

/** A request about to be sent: a call's attempt, a batch, or a slot read measuring an endpoint's lag. */
export interface RequestEvent {
  /** The wire method (`getBalance`), or `batch`. */
  method: string;
  /** For a batch: the methods of its calls, in order. */
  methods?: readonly string[];
  /** What the request is: one call's attempt, a batch of calls, or the transport's own slot read. */
  kind: 'call' | 'batch' | 'probe';
  /** The endpoint's origin (`https://rpc.example.com`): never its path, query or credentials. */
  origin: string;
  /** The endpoint's place in the client's list (0 for the first URL). */
  endpoint: number;
  /** 0 for a call's first attempt, 1 for its first retry, and so on. */
  attempt: number;
}

/** A request's outcome. */
export interface ResponseEvent extends RequestEvent {
  /** From sending to the answer read (or the failure), in ms. */
  durationMs: number;
  /** Whether a result came back (a JSON-RPC error is `false`, with the error). */
  ok: boolean;
  /** The failure: solrpc's typed error (an RpcError, HttpError with its status, TimeoutError…). Its text holds no secret. */
  error?: SolRpcError;
  /** The slot of the view the answer came from, when it carries one. */
  contextSlot?: number;
}

/** The hooks, as given to `createRpc`. */
export interface TransportHooks {
  /**
   * Called before each request is sent (each retry and each batch too), after its turn under a rate limit.
   * Synchronous: a promise it returns is not waited for. Whatever it throws (or its promise rejects with) is ignored.
   */
  onRequest?: (event: RequestEvent) => void;
  /** Called once each request has its answer or has failed. Synchronous; whatever it throws is ignored. */
  onResponse?: (event: ResponseEvent) => void;
}

/** Calls a hook, never letting it break the request it watches. */
export function notify<T>(hook: ((event: T) => void) | undefined, event: T): void {
  if (!hook) return;
  try {
    const returned: unknown = hook(event);
    // An async hook's rejection is swallowed too: left alone it would be an unhandled rejection.
    if (typeof (returned as { then?: unknown } | null)?.then === 'function') {
      (returned as Promise<unknown>).then(undefined, () => undefined);
    }
  } catch {
    // An app's logger failing is not the call's failure.
  }
}
