// The modes bench/clientParsing.mjs times (issue 33), built over one solrpc client and one server URL: the
// runner uses them in its own process (the correctness check, the stages, the profiles) and each child of
// bench/clientParsingChild.mjs uses them in its (the timing). One definition, so both time the same calls.
import { TOKEN_ACCOUNT_FILTERS, TOKEN_PROGRAM } from './workloads.mjs';

export const PARSED_CONFIG = { encoding: 'jsonParsed', filters: TOKEN_ACCOUNT_FILTERS };

export const TITLES = {
  a: '(a) solrpc, jsonParsed from the node',
  b: "(b) solrpc, jsonParsed with parseOnClient: { wire: 'base64+zstd' }",
  c: '(c) floor of (a): fetch + JSON.parse, jsonParsed',
  d: "(d) floor of (b)'s read: fetch + JSON.parse, base64+zstd",
  e: '(e) solrpc, base64+zstd bytes (no parsing)',
  f: '(f) solrpc, plain base64 bytes (no parsing)',
  g: "(g) solrpc, jsonParsed with parseOnClient: { wire: 'base64' } (what true asks for a scan)",
};

/** Each mode's call: `rpc` is createRpc(url) of the build under test; (c) and (d) use fetch alone. */
export function modeCalls(rpc, url) {
  let nextId = 1;
  const post = async (config) => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method: 'getProgramAccounts',
      params: [TOKEN_PROGRAM, config],
    });
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return JSON.parse(await response.text()).result;
  };
  return {
    a: () => rpc.getProgramAccounts(TOKEN_PROGRAM, PARSED_CONFIG),
    b: () => rpc.getProgramAccounts(TOKEN_PROGRAM, { ...PARSED_CONFIG, parseOnClient: { wire: 'base64+zstd' } }),
    c: () => post(PARSED_CONFIG),
    d: () => post({ encoding: 'base64+zstd', filters: TOKEN_ACCOUNT_FILTERS, withContext: true }),
    e: () =>
      rpc.getProgramAccounts(TOKEN_PROGRAM, {
        encoding: 'base64+zstd',
        filters: TOKEN_ACCOUNT_FILTERS,
        withContext: true,
      }),
    f: () => rpc.getProgramAccounts(TOKEN_PROGRAM, { encoding: 'base64', filters: TOKEN_ACCOUNT_FILTERS }),
    g: () => rpc.getProgramAccounts(TOKEN_PROGRAM, { ...PARSED_CONFIG, parseOnClient: { wire: 'base64' } }),
  };
}
