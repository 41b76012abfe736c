/**
 * Keypair files (`solana-keygen` format): a JSON array of 64 integers 0–255, the Ed25519 secret seed
 * then the public key. Read with care: nothing of the file's content ever reaches a message, the
 * secret is checked against the public half, and every buffer is zeroed after use.
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { CliError } from './cliError.js';
import { encodeBase58 } from './library.js';

const MAX_KEYPAIR_FILE_BYTES = 4096; // a real file is under 300 bytes
// PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410).
const PKCS8_ED25519_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

export interface KeypairFile {
  /** The public key, base58. */
  address: string;
  /** Set when group or others have any access to the file: the caller warns. */
  looseMode?: number;
}

/** Reads a keypair file and returns its public key; throws `CliError` (exit 2) for every problem. */
export function readKeypairFile(path: string): KeypairFile {
  return withKeypairBytes(path, (bytes, fail) => {
    const { address } = keyOf(bytes, fail);
    return { address };
  });
}

/**
 * A keypair that signs and never shows its secret: the secret is held only as a node:crypto `KeyObject`
 * (native memory; printing or serializing it shows no key material), the file's bytes are zeroed at once.
 */
export interface KeypairSigner extends KeypairFile {
  /** The Ed25519 signature of `message`: 64 bytes. */
  sign(message: Uint8Array): Uint8Array;
}

/** Reads a keypair file for signing; throws `CliError` (exit 2) for every problem, as `readKeypairFile`. */
export function readKeypairSigner(path: string): KeypairSigner {
  return withKeypairBytes(path, (bytes, fail) => {
    const { address, privateKey } = keyOf(bytes, fail);
    const signer: KeypairSigner = {
      address,
      sign: (message) => new Uint8Array(sign(null, message, privateKey)),
    };
    // Nothing reachable from the signer's own properties holds the key: it lives in the closure alone.
    Object.defineProperty(signer, 'sign', { enumerable: false });
    return signer;
  });
}

/**
 * Opens, checks and parses a keypair file, hands its 64 bytes to `use`, then zeroes every buffer that
 * held them. The result carries the file's loose mode, when group or others may read it.
 */
function withKeypairBytes<T extends KeypairFile>(
  path: string,
  use: (bytes: Uint8Array, fail: (problem: string) => Error) => T,
): T {
  const fail = (problem: string) => new CliError(`keypair file ${path}: ${problem}`);
  let fd: number;
  try {
    // Non-blocking: opening a FIFO for reading would otherwise wait forever for a writer.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw fail('not found');
    if (code === 'EACCES' || code === 'EPERM') throw fail('permission denied');
    if (code === 'EISDIR') throw fail('is a directory, not a file');
    throw fail(`cannot be opened (${code ?? 'error'})`);
  }
  let text: Uint8Array;
  let mode: number;
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw fail('is not a regular file');
    if (stats.size > MAX_KEYPAIR_FILE_BYTES) throw fail(`is ${stats.size} bytes; a keypair file is under 300`);
    mode = stats.mode & 0o777;
    text = new Uint8Array(stats.size);
    let read = 0;
    while (read < text.length) {
      const n = readSync(fd, text, read, text.length - read, read);
      if (n === 0) break;
      read += n;
    }
  } finally {
    closeSync(fd);
  }
  try {
    const bytes = parseKeypairBytes(text, fail);
    try {
      const result = use(bytes, fail);
      const looseMode = process.platform !== 'win32' && (mode & 0o077) !== 0 ? mode : undefined;
      if (looseMode !== undefined) result.looseMode = looseMode;
      return result;
    } finally {
      bytes.fill(0);
    }
  } finally {
    text.fill(0);
  }
}

/**
 * The 64 bytes of a keypair file's text. Every element must be an integer 0–255; nothing is coerced.
 * Errors give counts and indexes only, never values: `JSON.parse` quotes its input in its messages,
 * so its error is dropped and replaced.
 */
export function parseKeypairBytes(text: Uint8Array, fail: (problem: string) => Error): Uint8Array {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(text));
  } catch {
    throw fail('is not a JSON array of 64 numbers (the solana-keygen format)');
  }
  if (!Array.isArray(parsed)) throw fail('is not a JSON array of 64 numbers (the solana-keygen format)');
  if (parsed.length !== 64) throw fail(`expected 64 elements, found ${parsed.length}`);
  const bytes = new Uint8Array(64);
  for (let i = 0; i < 64; i++) {
    const value = parsed[i];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 255) {
      bytes.fill(0);
      parsed.fill(0);
      throw fail(`element ${i} is not an integer from 0 to 255`);
    }
    bytes[i] = value;
  }
  parsed.fill(0);
  return bytes;
}

/**
 * The private key of the secret seed, and the public key, checked against the file's public half. The
 * DER copies of the seed are zeroed; the `KeyObject` keeps the only copy.
 */
function keyOf(bytes: Uint8Array, fail: (problem: string) => Error): { address: string; privateKey: KeyObject } {
  const der = new Uint8Array(PKCS8_ED25519_PREFIX.length + 32);
  der.set(PKCS8_ED25519_PREFIX);
  der.set(bytes.subarray(0, 32), PKCS8_ED25519_PREFIX.length);
  const derBuffer = Buffer.from(der);
  let derived: Uint8Array;
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: derBuffer, format: 'der', type: 'pkcs8' });
    const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
    derived = new Uint8Array(spki.subarray(spki.length - 32));
  } finally {
    der.fill(0);
    derBuffer.fill(0);
  }
  const stored = bytes.subarray(32, 64);
  let same = derived.length === 32;
  for (let i = 0; i < 32; i++) same &&= derived[i] === stored[i];
  if (!same) throw fail('its public half does not match its secret half');
  return { address: encodeBase58(stored), privateKey };
}
