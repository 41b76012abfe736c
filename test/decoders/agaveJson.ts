/**
 * JSON text written the way agave's serde_json writes a parsed account: integers unquoted whatever
 * their size (a `bigint` included), floats with a fraction or exponent, `-0` as `-0.0`. Decoder tests feed
 * it to the client's exact JSON parser to show that a decoder's value is what a node's answer reads as.
 */
export function agaveJsonText(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number': {
      if (Object.is(value, -0)) return '-0.0';
      // A whole number from 2^53 up can only be a float here (integers that large are bigints): serde_json
      // writes it with a fraction or an exponent, which the client reads as a number, never as a bigint.
      const text = String(value); // from 1e21 up already with an exponent
      return Number.isInteger(value) && Math.abs(value) >= 2 ** 53 && !text.includes('e') ? `${text}.0` : text;
    }
    case 'boolean':
      return String(value);
    case 'string':
      return JSON.stringify(value);
    case 'object':
      if (Array.isArray(value)) return `[${value.map(agaveJsonText).join(',')}]`;
      return `{${Object.entries(value as object)
        .map(([key, item]) => `${JSON.stringify(key)}:${agaveJsonText(item)}`)
        .join(',')}}`;
    default:
      throw new Error(`not JSON: ${typeof value}`);
  }
}
