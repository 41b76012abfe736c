/**
 * The accounts a simulated cluster's transactions have written, kept per slot: a read at a commitment's
 * bank sees what landed up to that bank's slot, as a node's processed, confirmed and rooted banks differ.
 * An address never written reads from the cluster's fixed cast (or a preloaded account) instead.
 */

/** An account as the runtime holds it. */
export interface AccountState {
  lamports: bigint;
  owner: string;
  data: Uint8Array;
  executable: boolean;
}

interface Version {
  slot: number;
  state: AccountState;
}

export class AccountStore {
  readonly #versions = new Map<string, Version[]>();

  /** The account at `address` as of `slot` (the newest write at or before it), or undefined if never written by then. */
  get(address: string, slot: number): AccountState | undefined {
    const versions = this.#versions.get(address);
    if (!versions) return undefined;
    for (let i = versions.length - 1; i >= 0; i--) {
      const version = versions[i] as Version;
      if (version.slot <= slot) return version.state;
    }
    return undefined;
  }

  /** The slot of the newest write of `address` at or before `slot`, or undefined if never written by then. */
  writtenAt(address: string, slot: number): number | undefined {
    const versions = this.#versions.get(address) ?? [];
    for (let i = versions.length - 1; i >= 0; i--) {
      const version = versions[i] as Version;
      if (version.slot <= slot) return version.slot;
    }
    return undefined;
  }

  /** Whether `address` has been written at or before `slot`. */
  has(address: string, slot: number): boolean {
    return this.get(address, slot) !== undefined;
  }

  /** Records the account as it is from `slot` on (a write never lands before an earlier one). */
  set(address: string, state: AccountState, slot: number): void {
    const versions = this.#versions.get(address) ?? [];
    const last = versions.at(-1);
    if (last && last.slot === slot) last.state = state;
    else versions.push({ slot, state });
    this.#versions.set(address, versions);
  }

  /** Every address ever written, in the order first written. */
  addresses(): string[] {
    return [...this.#versions.keys()];
  }
}
