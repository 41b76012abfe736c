/**
 * The canary scan of reliability target L: secrets planted in the client's URL (userinfo password, path
 * token, query key) and headers must never appear in anything an error exposes (message, stack,
 * `String(e)`, `JSON.stringify(e)`, `util.inspect` with hidden fields, the whole cause chain), in a
 * result, or in the CLI's output. Keypair bytes: no run of 3 consecutive numbers of the file.
 */
import { inspect } from 'node:util';
import { CANARY } from './faultCase.js';

export interface Finding {
  /** Which canary. */
  canary: string;
  /** Where it was found: `message`, `cause.stack`, `inspect`, `stdout`… */
  where: string;
}

/** Every form a canary may take: as planted, and the Basic credentials the URL's userinfo becomes. */
export const CANARY_FORMS: ReadonlyArray<{ canary: string; text: string }> = [
  { canary: 'password', text: CANARY.password },
  { canary: 'path token', text: CANARY.pathToken },
  { canary: 'query key', text: CANARY.queryKey },
  { canary: 'header value', text: CANARY.header },
  { canary: 'basic credentials', text: Buffer.from(`user:${CANARY.password}`).toString('base64') },
];

/** The canaries found in `text` (case-insensitive). */
export function scanText(text: string, where: string): Finding[] {
  const lower = text.toLowerCase();
  return CANARY_FORMS.filter((form) => lower.includes(form.text.toLowerCase())).map((form) => ({
    canary: form.canary,
    where,
  }));
}

const bigintSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);

/** Every view of an error a program or a log might print, down its whole cause chain. */
export function viewsOfError(error: unknown): Array<{ where: string; text: string }> {
  const views: Array<{ where: string; text: string }> = [];
  views.push({ where: 'inspect', text: inspect(error, { depth: Infinity, showHidden: true }) });
  const seen = new Set<unknown>();
  const visit = (value: unknown, path: string, depth: number) => {
    if (depth > 10 || seen.has(value)) return;
    seen.add(value);
    if (typeof value !== 'object' || value === null) {
      if (value !== undefined) views.push({ where: path || 'value', text: String(value) });
      return;
    }
    const prefix = path ? `${path}.` : '';
    views.push({ where: `${prefix}String()`, text: safe(() => String(value)) });
    views.push({ where: `${prefix}JSON.stringify`, text: safe(() => JSON.stringify(value, bigintSafe) ?? '') });
    if (value instanceof Error) {
      views.push({ where: `${prefix}message`, text: value.message });
      views.push({ where: `${prefix}stack`, text: value.stack ?? '' });
    }
    // Every own field, enumerable or not, symbols too: `cause`, `data`, `origin`, `bodyExcerpt`,
    // an AggregateError's `errors`…
    for (const key of Reflect.ownKeys(value)) {
      const field = safe(() => (value as Record<string | symbol, unknown>)[key]);
      visit(field, `${prefix}${String(key)}`, depth + 1);
    }
  };
  visit(error, '', 0);
  return views;
}

function safe<T>(read: () => T): T | string {
  try {
    return read();
  } catch (error) {
    return `<threw ${error instanceof Error ? error.name : typeof error}>`;
  }
}

/** The canaries in any view of an error (or a result). */
export function scanError(error: unknown): Finding[] {
  const findings = viewsOfError(error).flatMap(({ where, text }) => scanText(String(text), where));
  // One finding per canary and place is enough.
  const unique = new Map(findings.map((f) => [`${f.canary}@${f.where}`, f]));
  return [...unique.values()];
}

/**
 * Runs of 3 or more consecutive numbers of a keypair file found in `output`: the numbers of the output,
 * in order, compared with every window of 3 of the file.
 */
export function keypairRuns(fileNumbers: readonly number[], output: string): string[] {
  const tokens = (output.match(/\d+/g) ?? []).map(Number);
  const windows = new Set<string>();
  for (let i = 0; i + 3 <= fileNumbers.length; i++) windows.add(fileNumbers.slice(i, i + 3).join(','));
  const runs: string[] = [];
  for (let i = 0; i + 3 <= tokens.length; i++) {
    const window = tokens.slice(i, i + 3).join(',');
    if (windows.has(window)) runs.push(window);
  }
  return runs;
}
