/**
 * The jsonParsed view of an account the cluster serves: what agave's account-decoder makes of its bytes,
 * or `undefined` where the node falls back to base64 (no parser for the owner, or bytes it refuses).
 */
export function parsedView(_bytes: Uint8Array, _owner: string, _address: string): unknown {
  return undefined;
}
