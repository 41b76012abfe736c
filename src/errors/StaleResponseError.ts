import { SolRpcError } from './SolRpcError.js';

/**
 * An endpoint answered from a view of the chain older than one this client has already returned at the
 * same commitment (a node behind, another backend of a load-balanced pool), and no fresher answer came
 * within the call's retries. The answer is never returned: a read that went back in time could undo
 * what the app already saw (a balance spent, an account closed).
 */
export class StaleResponseError extends SolRpcError {
  override name = 'StaleResponseError' as const;
  /** The endpoint's origin: never its path, query or credentials. */
  readonly origin: string;
  /** The commitment the call read at. */
  readonly commitment: string;
  /** The context slot of the answer refused. */
  readonly contextSlot: number;
  /** The newest context slot this client has returned at that commitment. */
  readonly newestSlot: number;

  constructor(fields: { method: string; origin: string; commitment: string; contextSlot: number; newestSlot: number }) {
    super(
      `${fields.origin} answered from slot ${fields.contextSlot}, older than slot ${fields.newestSlot} already returned at ${fields.commitment}`,
      {
        method: fields.method,
        hint: 'the node is behind: retry (another endpoint, or later), or pass freshReads: false to accept older answers.',
        retryable: true,
      },
    );
    this.origin = fields.origin;
    this.commitment = fields.commitment;
    this.contextSlot = fields.contextSlot;
    this.newestSlot = fields.newestSlot;
  }
}
