/**
 * Real-format response fixtures, served through `mockRpc`. A fixture is a JSON file under test/fixtures in
 * the conformance format (`method`, `params`, `requestId`, `http`, `responseText`, …): the team's copied
 * conformance cases (`conformance/<case>`) and this suite's own (`<method>/<case>`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RpcHandler, RpcReply } from './server.js';

export interface Fixture {
  name: string;
  method: string;
  params: unknown[];
  requestId: number | string;
  http: { status: number; contentType: string };
  /** The exact HTTP body, big integers unquoted. */
  responseText: string;
}

const ROOT = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Reads `test/fixtures/<name>.json`, e.g. `conformance/getBalance.basic` or `getBalance/lamports-above-2-53`. */
export function loadFixture(name: string): Fixture {
  const file = JSON.parse(readFileSync(`${ROOT}${name}.json`, 'utf8')) as Omit<Fixture, 'name'>;
  return { name, ...file };
}

/**
 * A handler serving a fixture's body verbatim with the client's real id, optionally after text edits
 * (`[search, replacement]`, each search must occur exactly once, so a stale edit cannot go unnoticed).
 */
export function serveFixture(name: string, edits: readonly (readonly [string, string])[] = []): RpcHandler {
  const fixture = loadFixture(name);
  const text = applyEdits(fixture, edits);
  return (request): RpcReply => ({
    body: withId(fixture, text, request.id),
    status: fixture.http.status,
    contentType: fixture.http.contentType,
  });
}

/** The `result` member of a fixture's body, as raw JSON text (for `reply.resultText`). */
export function resultTextOf(name: string, edits: readonly (readonly [string, string])[] = []): string {
  const fixture = loadFixture(name);
  const text = applyEdits(fixture, edits).trimEnd();
  const prefix = '{"jsonrpc":"2.0","result":';
  const suffix = `,"id":${JSON.stringify(fixture.requestId)}}`;
  if (!text.startsWith(prefix) || !text.endsWith(suffix)) throw new Error(`${name} is not a plain result body`);
  return text.slice(prefix.length, -suffix.length);
}

function applyEdits(fixture: Fixture, edits: readonly (readonly [string, string])[]): string {
  let text = fixture.responseText;
  for (const [search, replacement] of edits) {
    const count = text.split(search).length - 1;
    if (count !== 1) throw new Error(`${fixture.name}: edit ${JSON.stringify(search)} matches ${count} times`);
    text = text.replace(search, () => replacement);
  }
  return text;
}

function withId(fixture: Fixture, text: string, id: unknown): string {
  const recorded = `"id":${JSON.stringify(fixture.requestId)}`;
  const at = text.lastIndexOf(recorded);
  if (at === -1) throw new Error(`${fixture.name}: no ${recorded} in the body`);
  return `${text.slice(0, at)}"id":${JSON.stringify(id)}${text.slice(at + recorded.length)}`;
}

/** Bytes from hex, as a plain `Uint8Array` (compare decoded data with `toStrictEqual`). */
export function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}
