// Not in redact.ts: the lazily loaded error explanations share that module, so a bundler puts it in a
// chunk of its own, and what only clients use (listing their secrets) would cross chunks from there.
/**
 * The exact strings a server must not quote back: the values of the headers sent (the token of
 * `Bearer <token>` too), the URL's password, and the parts of the URL that may be a key (its username,
 * path segments and query values, as sent and percent-decoded). Those URL parts count only
 * from 8 characters on, and not when they are a plain lowercase word (`mainnet-beta`, `solana_rpc`):
 * blanking `v1` or `rpc` out of a server's text would garble it and protect nothing.
 */
export function secretsOf(url: URL, headerValues: string[]): string[] {
  const found = [...headerValues, url.password, decodeUriPart(url.password)];
  // Query keys are split off too (a bare `?KEY` stands alone), and so is the token of `Bearer <token>`.
  const parts = `${url.username}/${url.pathname}/${url.search}/${headerValues.map((value) => value.split(' ').pop()).join('/')}`;
  for (const part of parts.split(/[/?&=]/)) {
    for (const form of [part, decodeUriPart(part)]) if (form.length >= 8 && /[^a-z._-]/.test(form)) found.push(form);
  }
  return found;
}

export function decodeUriPart(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
