/**
 * RPC URLs carry API keys in their userinfo, path and query. Only the origin ever leaves the transport:
 * in messages, fields, logs and the CLI.
 */
export function displayOrigin(url: URL | string): string {
  try {
    const parsed = typeof url === 'string' ? new URL(url) : url;
    return parsed.origin === 'null' ? `${parsed.protocol}//` : parsed.origin;
  } catch {
    return '<invalid URL>';
  }
}

// Scheme://[userinfo@]host[:port] followed by anything up to whitespace or a quote.
const URL_IN_TEXT = /\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/@'"<>]*@)?([^\s/?#'"<>]*)[^\s'"<>]*/gi;

/** Replaces every URL inside third-party text (fetch and socket errors) by its origin. */
export function redactUrls(text: string): string {
  return text.replace(URL_IN_TEXT, '$1$2'); // the scheme and host
}

/**
 * The secrets of the clients this process made (errors/secrets.ts lists them), newest last. Every error
 * blanks them out of what it shows, whoever built it: a result that echoes a key is refused by code far
 * from the transport that knows the key (a schema, a decoder, signaturesOf). Bounded: a process that
 * makes clients for ever more keys keeps the newest 256 here (each transport still blanks its own).
 */
const known: string[] = [];

/** Adds secrets to the process's list. */
export function rememberSecrets(secrets: readonly string[]): void {
  for (const secret of secrets) if (!known.includes(secret) && known.push(secret) > 256) known.shift();
}

/**
 * A function that cuts every URL in a text to its origin, then blanks out every occurrence of each of
 * `secrets` and of the process's known secrets: a server may quote the key it refused ("invalid api key:
 * …"), or send it back as a result. Longest first, so a secret that holds another is blanked whole.
 * Values shorter than 4 characters (a header of "1") are left: blanking them would garble ordinary text
 * and protect nothing.
 */
export function redacter(secrets: readonly string[] = []): (text: string) => string {
  const all = [...secrets, ...known].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = redactUrls(text);
    for (const secret of all) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
    return out;
  };
}

/**
 * A copy of `value` with every string in it, object keys included, passed through `clean` (a `redacter`):
 * error data reaches logs through `JSON.stringify` and `util.inspect`. Deeper than 32 levels, `undefined`.
 */
export function redactDeep(value: unknown, clean: (text: string) => string, depth = 0): unknown {
  if (typeof value === 'string') return clean(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 32) return undefined;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, clean, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // defineProperty, not assignment: an own "__proto__" key must stay a plain key.
    Object.defineProperty(copy, clean(key), {
      value: redactDeep((value as Record<string, unknown>)[key], clean, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
