// Not in redact.ts: the lazily loaded error explanations share that module, so a bundler puts it in a
// chunk of its own, and what only clients use (listing their secrets) would cross chunks from there.
import { rememberSecrets } from './redact.js';

/**
 * The exact strings a server must not quote back, and no error may show: the values of the headers sent
 * (the token of `Bearer <token>` too), the URL's password (or its user name when it has no password: then
 * that is the credential), the value of a query parameter whose name says key, token, secret, auth, pass
 * or cred, and the other parts of the URL that may be a key: its user name, path segments and query values
 * of 8 characters or more that are not a plain lowercase word (`mainnet-beta`, `solana_rpc`: lowercase
 * letters, `.`, `-` and `_`, no run of more than 12 letters). Each as sent and percent-decoded. Blanking
 * `v1` or `rpc` out of a server's text would garble it and protect nothing; a run of 13 lowercase letters
 * or more is more likely a random key than a word. Values shorter than 4 characters are never blanked
 * (errors/redact.ts). The list is also remembered for every error of the process (`rememberSecrets`).
 */
export function secretsOf(url: URL, headerValues: string[]): string[] {
  // The password, or the user name when there is none: then that is the credential.
  const credential = url.password || url.username;
  const found = [...headerValues, credential, decodeUriPart(credential)];
  // Query keys are split off too (a bare `?KEY` stands alone), and so is the token of `Bearer <token>`.
  const parts = `${url.username}/${url.pathname}/${url.search}/${headerValues.map((value) => value.split(' ').pop()).join('/')}`;
  for (const part of parts.split(/[/?&=]/)) {
    for (const form of [part, decodeUriPart(part)]) {
      if (form.length >= 8 && /[^a-z._-]|[a-z]{13}/.test(form)) found.push(form);
    }
  }
  for (const [, , value = ''] of url.search.matchAll(/(key|token|secret|auth|pass|cred)[^=&]*=([^&]*)/gi)) {
    found.push(value, decodeUriPart(value));
  }
  rememberSecrets(found);
  return found;
}

export function decodeUriPart(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
