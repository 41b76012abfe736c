/**
 * Fault cases that fail because of a bug in src/, not in the test: `scenario | method` (or
 * `scenario | *`) to the bug and the problem it shows as. They run as `it.fails`, so a fix turns them
 * red here and the entry must go.
 */
export interface KnownBug {
  bug: string;
  /** Every problem the case reports must match this; anything else is a new failure. */
  symptom: RegExp;
  /** The bug can leave the call unsettled (elsewhere a hang is always a failure). */
  mayHang?: boolean;
}

export const KNOWN_BUGS: ReadonlyMap<string, KnownBug> = new Map();

export function knownBug(scenario: string, method: string): KnownBug | undefined {
  return KNOWN_BUGS.get(`${scenario} | ${method}`) ?? KNOWN_BUGS.get(`${scenario} | *`);
}

/** Canary-scan scenarios that leak today: the scenario (every method) to the bug and its findings. */
export interface CanaryBug extends KnownBug {
  /** Whether the CLI prints the leak too. */
  cli: boolean;
  /** Methods the bug does not show in. */
  notIn?: readonly string[];
}

export const CANARY_BUGS: ReadonlyMap<string, CanaryBug> = new Map();
