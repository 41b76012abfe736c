/**
 * The known name a mistyped one most resembles (`slotMS` -> `slotMs`, `getBalanse` -> `getBalance`), for
 * the "did you mean" of a refusal: one it begins, else the closest by edit distance ignoring case, within a
 * third of its length.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  // A name cut short (`delay` for `delayMs`) is what it begins.
  const begun = wanted.length >= 3 ? known.find((candidate) => candidate.toLowerCase().startsWith(wanted)) : undefined;
  if (begun !== undefined) return begun;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(name.length / 3)) ? best.name : undefined;
}

/** Levenshtein distance: insertions, deletions and substitutions, one each. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** " (did you mean `x`?)" when a known name resembles `name`, else "". */
export function didYouMean(name: string, known: readonly string[]): string {
  const near = nearestName(name, known);
  return near === undefined ? '' : ` (did you mean \`${near}\`?)`;
}
