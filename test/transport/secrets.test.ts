/**
 * A server that quotes a bare secret back (`invalid api key SECRETKEY123abc`): the secret parts of the
 * client's URLs and its header values are blanked out of every server text an error keeps, in both
 * transports and with a failover list. And a transport called directly completes its errors (code
 * name, hint) as createRpc does.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { secretsOf } from '../../src/errors/secrets.js';
import {
  createBasicTransport,
  createHttpTransport,
  createRpc,
  isSolRpcError,
  signaturesOf,
  type Transport,
} from '../../src/index.js';
import { viewsOfError } from '../support/canaryScan.js';
import { failure } from '../support/failure.js';

const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const PATH_KEY = 'SECRETKEY123abc';
const QUERY_KEY = 'QueryKey456def';
const PLUS_KEY = 'Ab+Cd/Ef=Gh12'; // base64-like: sent percent-encoded, echoed decoded
const BEARER = 'BearerToken789xyz';
const URL_WITH_KEYS = `https://rpc.test/v1/mainnet-beta/${PATH_KEY}/?api-key=${QUERY_KEY}&k=${encodeURIComponent(PLUS_KEY)}&cluster=mainnet`;
const HEADERS = { authorization: `Bearer ${BEARER}`, 'x-team': 'team-Alpha-7' };
const SECRETS = [PATH_KEY, QUERY_KEY, PLUS_KEY, encodeURIComponent(PLUS_KEY), BEARER, 'team-Alpha-7'];
/** Everything a server might quote: every secret, bare, and words of the URL that are not secrets. */
const ECHO = `invalid api key ${SECRETS.join(' ')} for v1 mainnet-beta mainnet`;

type Reply = () => Response | Promise<Response>;
const rpcError =
  (data?: unknown): Reply =>
  () =>
    new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: ECHO, data }, id: 1 }), {
      headers: { 'content-type': 'application/json' },
    });

const CASES: ReadonlyArray<{ name: string; reply: Reply; kind: string }> = [
  { name: 'a 403 body', kind: 'HttpError', reply: () => new Response(ECHO, { status: 403 }) },
  {
    name: 'a status reason phrase',
    kind: 'HttpError',
    reply: () => new Response('no', { status: 401, statusText: `Unauthorized ${PATH_KEY}` }),
  },
  { name: 'an RPC error message and data', kind: 'RpcError', reply: rpcError({ echo: ECHO, [PATH_KEY]: [ECHO] }) },
  {
    name: 'a content-type',
    kind: 'InvalidResponseError',
    reply: () => new Response('not json', { headers: { 'content-type': `text/${PATH_KEY}` } }),
  },
  {
    name: "a fetch error's message and cause",
    kind: 'NetworkError',
    reply: () => {
      throw new TypeError(`fetch failed: ${ECHO}`, { cause: new Error(`socket for ${ECHO} hung up`) });
    },
  },
];

function transports(reply: Reply): Array<[string, Transport]> {
  const fetch = async () => reply();
  return [
    ['basic', createBasicTransport(URL_WITH_KEYS, { headers: HEADERS, fetch })],
    ['full', createHttpTransport(URL_WITH_KEYS, { headers: HEADERS, fetch, retry: false })],
  ];
}

/** Every secret found in any view of the error (message, stack, fields, inspect, causes). */
function secretsIn(error: unknown): string[] {
  const texts = JSON.stringify(scanViews(error));
  return SECRETS.filter((secret) => texts.includes(secret));
}
const scanViews = (error: unknown) => [
  inspect(error, { depth: Infinity, showHidden: true }),
  (error as Error).message,
  (error as Error).stack,
];

describe('secrets a server quotes back bare', () => {
  describe.each(CASES.map((c) => [c.name, c] as const))('in %s', (_name, { reply, kind }) => {
    it.each(transports(reply))('are blanked out (%s transport)', async (_transport, transport) => {
      const error = await failure(Promise.resolve().then(() => transport({ method: 'getBalance', params: [] })));
      expect(error.name).toBe(kind);
      expect(secretsIn(error)).toEqual([]);
    });
  });

  it('keep what is said around them, and the URL parts that are plain words or short', async () => {
    const [, basic] = transports(rpcError())[0] as [string, Transport];
    const error = await failure(basic({ method: 'getBalance', params: [] }));
    expect(isSolRpcError(error, 'RpcError') && error.serverMessage).toBe(
      `invalid api key ${SECRETS.map(() => '[redacted]').join(' ')} for v1 mainnet-beta mainnet`,
    );
  });

  it('are blanked out for every URL of a failover list, whichever answered', async () => {
    const second = 'https://backup.test/SecondKey42';
    let calls = 0;
    const fetch = async (url: string) => {
      calls++;
      if (url.startsWith('https://rpc.test')) return new Response('busy', { status: 503 });
      return new Response(`SecondKey42 and ${PATH_KEY} refused`, { status: 403 });
    };
    const transport = createHttpTransport([URL_WITH_KEYS, second], { fetch, retry: { baseDelayMs: 0 } });
    const error = await failure(transport({ method: 'getBalance', params: [] }));
    expect(calls).toBe(2);
    expect(isSolRpcError(error, 'HttpError') && error.origin).toBe('https://backup.test');
    expect(isSolRpcError(error, 'HttpError') && error.bodyExcerpt).toBe('[redacted] and [redacted] refused');
  });

  it('in a batch answer are blanked out of each RPC error', async () => {
    const fetch = async (_url: string, init: RequestInit) => {
      const ids = (JSON.parse(String(init.body)) as Array<{ id: number }>).map((r) => r.id);
      const body = ids.map((id) => ({ jsonrpc: '2.0', error: { code: -32603, message: ECHO }, id }));
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    const transport = createHttpTransport(URL_WITH_KEYS, { headers: HEADERS, fetch, retry: false, batch: true });
    const errors = await Promise.all([
      failure(transport({ method: 'getBalance', params: ['a'] })),
      failure(transport({ method: 'getBalance', params: ['b'] })),
    ]);
    for (const error of errors) {
      expect(error.name).toBe('RpcError');
      expect(secretsIn(error)).toEqual([]);
    }
  });
});

describe('a transport called directly', () => {
  const methodNotFound = () =>
    new Response('{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":1}', {
      headers: { 'content-type': 'application/json' },
    });

  it.each(transports(methodNotFound))('gives an RpcError its code name and hint (%s)', async (_name, transport) => {
    const error = await failure(transport({ method: 'getBalance', params: [] }));
    expect(isSolRpcError(error, 'RpcError') && error.codeName).toBe('METHOD_NOT_FOUND');
    expect(isSolRpcError(error, 'RpcError') && error.hint).toEqual(expect.any(String));
    expect(error.message.split('\n')[0]).toBe('getBalance: RPC error -32601 (METHOD_NOT_FOUND): Method not found');
    expect(error.message.split('\n')[1]).toBe(`Hint: ${(error as unknown as { hint: string }).hint}`);
  });

  it.each(transports(() => new Response('no', { status: 401 })))(
    'gives an HttpError its hint (%s)',
    async (_name, transport) => {
      const error = await failure(transport({ method: 'getBalance', params: [] }));
      expect(isSolRpcError(error, 'HttpError') && error.hint).toMatch(/credentials/);
      expect(error.message).toContain('\nHint: ');
    },
  );
});

/**
 * Issue 29, defect 6: `createRpc('http://host/KEY?api-key=KEY').getGenesisHash()` against a server answering
 * `"result":"KEY"` threw `ValidationError … got "KEY"`; so did a signaturesOf page carrying the key as a
 * signature. Every secret part of the URL, in every form it was sent or could be quoted, in every place a
 * result can hold it, must be blanked out of every view of the error.
 */
describe('secrets a server puts in a result', () => {
  const USER = 'AcctUser2024';
  const PASSWORD = 'Pass+Word/99';
  const url = `https://${USER}:${encodeURIComponent(PASSWORD)}@rpc.test/v1/${PATH_KEY}/?api-key=${QUERY_KEY}&k=${encodeURIComponent(PLUS_KEY)}`;
  const FORMS = [
    PATH_KEY,
    QUERY_KEY,
    PLUS_KEY,
    encodeURIComponent(PLUS_KEY),
    USER,
    PASSWORD,
    encodeURIComponent(PASSWORD),
    Buffer.from(`${USER}:${PASSWORD}`).toString('base64'),
  ];
  const found = (error: unknown) => {
    const texts = viewsOfError(error)
      .map((view) => view.text)
      .join('\n')
      .toLowerCase();
    return FORMS.filter((form) => texts.includes(form.toLowerCase()));
  };
  /** A client whose server answers every call with `result(secret)`. */
  const clientAnswering = (result: unknown, base = url) =>
    createRpc(base, {
      retry: false,
      fetch: async (_url: string, init: RequestInit) => {
        const { id } = JSON.parse(String(init.body)) as { id: number };
        return new Response(JSON.stringify({ jsonrpc: '2.0', result, id }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });

  it("blanks the issue's own case: the key as getGenesisHash's result", async () => {
    const KEY = 'k3yOfTheIssue29';
    const error = await failure(clientAnswering(KEY, `http://host/${KEY}?api-key=${KEY}`).getGenesisHash());
    expect(error.name).toBe('ValidationError');
    expect(viewsOfError(error).filter((view) => view.text.includes(KEY))).toEqual([]);
    // What the result held is still described, with the key blanked out.
    expect(isSolRpcError(error, 'ValidationError') && error.received).toBe('"[redacted]"');
  });

  const PLACES: ReadonlyArray<[string, (secret: string) => Promise<unknown>]> = [
    ['the whole result', (secret) => clientAnswering(secret).getGenesisHash()],
    ['a leaf', (secret) => clientAnswering({ context: { slot: 1 }, value: secret }).getBalance(ADDRESS)],
    ['a string cut to 60 characters', (secret) => clientAnswering(`${'x'.repeat(55)}${secret}`).getGenesisHash()],
    ['a key of a server-keyed map', (secret) => clientAnswering({ [ADDRESS]: [1], [secret]: [2] }).getLeaderSchedule()],
    [
      'a signature of a signaturesOf page',
      async (secret) => {
        const page = [{ signature: secret, slot: 1, err: null, memo: null, blockTime: null }];
        for await (const _ of signaturesOf(clientAnswering(page), ADDRESS)) break;
      },
    ],
  ];
  describe.each(PLACES)('in %s', (_place, call) => {
    it.each(FORMS)('blanks %s out of every view of the error', async (secret) => {
      const error = await failure(Promise.resolve().then(() => call(secret)));
      expect(error.name).toBe('ValidationError');
      expect(found(error)).toEqual([]);
    });
  });
});

describe('what counts as a secret part of a URL', () => {
  it.each([
    ['a path segment of 8 characters or more that is not a plain word', '/v1/Key2024xyz', 'Key2024xyz'],
    ['a long run of lowercase letters (a random key)', '/kqzvmwxhjtplrnsd', 'kqzvmwxhjtplrnsd'],
    ['the value of a query parameter named like a key, from 4 characters', '/?api-key=ab12', 'ab12'],
    ['a token parameter of lowercase letters', '/?token=devnetonly', 'devnetonly'],
    ['a user name alone (the whole credential)', '', 'solo'],
  ])('%s', (_what, tail, secret) => {
    const base = tail === '' ? `https://${secret}@rpc.test/` : `https://rpc.test${tail}`;
    expect(secretsOf(new URL(base), [])).toContain(secret);
  });

  it.each([
    ['short path segments', '/v1/rpc/api', ['v1', 'rpc', 'api']],
    ['plain lowercase words', '/mainnet-beta/solana_rpc/subscription', ['mainnet-beta', 'solana_rpc', 'subscription']],
    ['short values of other parameters', '/?cluster=devnet&v=2', ['devnet', '2', 'cluster']],
  ])('not %s', (_what, tail, words) => {
    const secrets = secretsOf(new URL(`https://rpc.test${tail}`), []);
    for (const word of words) expect(secrets).not.toContain(word);
  });
});
