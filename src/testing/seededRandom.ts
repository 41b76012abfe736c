/**
 * A small seeded generator (mulberry32): the same seed gives the same draws on every run and platform,
 * so a fault that drops a share of sends or walks a market price can be replayed exactly.
 */

/** Returns a function drawing numbers in [0, 1), the sequence fixed by `seed` (any whole number). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
