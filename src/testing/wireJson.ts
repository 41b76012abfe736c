/**
 * The JSON a node writes: u64s as plain numbers with every digit (bigints here), as agave's serde_json does.
 * The test cluster's own writer, so that it reads nothing from the CLI above it.
 */
export function wireJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || value === undefined) return 'null';
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return wireJson((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value)) return `[${value.map(wireJson).join(',')}]`;
  const fields = Object.entries(value).filter(([, field]) => field !== undefined);
  return `{${fields.map(([key, field]) => `${JSON.stringify(key)}:${wireJson(field)}`).join(',')}}`;
}
