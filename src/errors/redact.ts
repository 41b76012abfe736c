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
  return text.replace(URL_IN_TEXT, (_match, scheme: string, host: string) => `${scheme}${host}`);
}

/**
 * Replaces every occurrence of each secret (the secret parts of the client's URLs, the values of the
 * headers it sent, its credentials) inside third-party text: a server may quote the key it refused
 * ("invalid api key: …"). The transport lists the secrets longest first (transport/endpoint.ts).
 */
export function redactSecrets(text: string, secrets: readonly string[] | undefined): string {
  if (!secrets) return text;
  let out = text;
  // Very short values (a header of "1") would blank out ordinary text and protect nothing.
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}
