/**
 * Base64 to bytes, fast on every platform: Node's native decoder where `Buffer` exists, the built-in
 * `Uint8Array.fromBase64` where a browser has it, and `atob` otherwise. No Node global is required.
 * Returns `undefined` for text that is not padded base64. (Node's decoder also reads the URL-safe
 * alphabet; checking every character of a 10 MiB payload to refuse it is not worth its cost.)
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  const expected = decodedLength(text);
  if (expected === undefined) return undefined;
  const NodeBuffer = (globalThis as { Buffer?: NodeBufferLike }).Buffer;
  if (NodeBuffer) {
    // Buffer skips characters outside the alphabet, so a short result means the text was not base64.
    const buffer = NodeBuffer.from(text, 'base64');
    if (buffer.length !== expected) return undefined;
    // Small Buffers are views into a shared pool; copy those so `.buffer` exposes nothing else.
    return buffer.byteLength === buffer.buffer.byteLength
      ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
      : new Uint8Array(buffer);
  }
  const fromBase64 = (Uint8Array as { fromBase64?: (text: string) => Uint8Array }).fromBase64;
  let bytes: Uint8Array;
  try {
    if (fromBase64) bytes = fromBase64(text);
    else {
      const binary = atob(text);
      bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    }
  } catch {
    return undefined;
  }
  // Both skip ASCII whitespace ('AA A' is 2 bytes to them); the length check refuses it, as on Node.
  return bytes.length === expected ? bytes : undefined;
}

interface NodeBufferLike {
  from(text: string, encoding: 'base64'): Uint8Array;
}

function decodedLength(text: string): number | undefined {
  if (text.length % 4 !== 0) return undefined;
  let padding = 0;
  if (text.endsWith('==')) padding = 2;
  else if (text.endsWith('=')) padding = 1;
  return (text.length / 4) * 3 - padding;
}

/** Bytes to padded base64: Node's encoder where `Buffer` exists, `toBase64` or `btoa` otherwise. */
export function encodeBase64(bytes: Uint8Array): string {
  const NodeBuffer = (globalThis as { Buffer?: { from(bytes: Uint8Array): { toString(encoding: 'base64'): string } } })
    .Buffer;
  if (NodeBuffer) return NodeBuffer.from(bytes).toString('base64');
  const toBase64 = (bytes as { toBase64?: () => string }).toBase64;
  if (toBase64) return toBase64.call(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
