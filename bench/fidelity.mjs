// Fidelity: does a client hand back what the server sent? Exact u64 (rentEpoch is u64::MAX on every
// rent-exempt account), bytes decoded and equal to the original, counts and strings intact.
import { createHash } from 'node:crypto';

function judge(check, value) {
  const type = value === null ? 'null' : value instanceof Uint8Array ? value.constructor.name : typeof value;
  switch (check.kind) {
    case 'u64':
    case 'int': {
      const exact =
        (typeof value === 'bigint' && value.toString() === check.value) ||
        (typeof value === 'number' && Number.isSafeInteger(value) && String(value) === check.value);
      if (exact) return { ok: true, detail: type };
      return { ok: false, detail: `${check.value} came back as ${type} ${String(value)}` };
    }
    case 'string':
      return value === check.value
        ? { ok: true, detail: type }
        : { ok: false, detail: `expected "${check.value}", got ${type} ${String(value)}` };
    case 'bytes': {
      if (value instanceof Uint8Array) {
        const sha = createHash('sha256').update(value).digest('hex');
        if (value.length === check.length && sha === check.sha256) return { ok: true, detail: `${type}, bytes equal` };
        return { ok: false, detail: `${type} of ${value.length} bytes, content differs` };
      }
      if (Array.isArray(value) && typeof value[0] === 'string') {
        return { ok: false, undecoded: true, detail: `not decoded: [${value[1]} string of ${value[0].length} chars]` };
      }
      return { ok: false, detail: `unexpected ${type}` };
    }
    default:
      throw new Error(`unknown check kind ${check.kind}`);
  }
}

/** Runs a workload's checks against one result; returns `{ probe: { ok, detail } }`. */
export function checkFidelity(views, result, expect) {
  let probes;
  try {
    probes = views(result, expect.at ?? {});
  } catch (error) {
    return { shape: { ok: false, detail: `unexpected result shape: ${error.message}` } };
  }
  return Object.fromEntries(
    expect.checks.map((check) => [check.probe, { kind: check.kind, ...judge(check, probes[check.probe]) }]),
  );
}

/** One line: `exact` or what went wrong. */
export function summarize(checks) {
  const bad = Object.entries(checks).filter(([, c]) => !c.ok);
  if (bad.length === 0) return 'exact';
  return bad.map(([probe, c]) => `${probe}: ${c.detail}`).join('; ');
}
