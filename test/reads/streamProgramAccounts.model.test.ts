/**
 * streamProgramAccounts against generated server behaviour (fast-check): pages of getProgramAccountsV2 of
 * any size (empty ones among them), a node without V2, 503s, bodies cut after some accounts, keys that
 * come back. After every run: the accounts yielded are the server's, in its order, none twice; a run that
 * ends without error yielded every account up to the null key; one that fails does so with a typed error;
 * no request is retried once it handed an account on (its accounts would come twice).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRpc, type FetchLike, isSolRpcError, streamProgramAccounts } from '../../src/index.js';
import { accountText, indexedAddress, TOKEN_PROGRAM } from '../support/programAccountsText.js';

type Reply =
  | { kind: 'page'; size: number; last: boolean; repeatKey: boolean }
  | { kind: 'notFound' }
  | { kind: 'busy' }
  | { kind: 'cut'; after: number };

const reply: fc.Arbitrary<Reply> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('page' as const),
      size: fc.nat({ max: 6 }),
      last: fc.boolean(),
      repeatKey: fc.constant(false),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('page' as const),
      size: fc.nat({ max: 3 }),
      last: fc.constant(false),
      repeatKey: fc.constant(true),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'notFound' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'busy' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cut' as const), after: fc.nat({ max: 80 }) }) },
);

/** A fetch playing the replies in order; once they run out, a last empty page. Records what it served. */
function scripted(replies: Reply[]) {
  let next = 0;
  let served = 0; // accounts of whole answers so far, in order: account i is indexedAddress(i)
  let reach = 0; // the most accounts any answer, whole or cut, has sent
  const log: string[] = [];
  const fetch: FetchLike = async (_url, init) => {
    const { id, method } = JSON.parse(String(init.body)) as { id: number; method: string };
    const step = replies[next++] ?? { kind: 'page', size: 0, last: true, repeatKey: false };
    log.push(method);
    const json = (text: string, status = 200) =>
      new Response(text, { status, headers: { 'content-type': 'application/json' } });
    if (step.kind === 'busy') return json('busy', 503);
    if (step.kind === 'notFound')
      return json(`{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":${id}}`);
    const count = step.kind === 'page' ? step.size : step.after;
    const items = Array.from({ length: count }, (_, i) => accountText(served + i)).join(',');
    const first = served;
    if (step.kind === 'cut') {
      // Whole accounts, then the body breaks off: what a reset socket leaves.
      const text = `{"jsonrpc":"2.0","id":${id},"result":${method === 'getProgramAccounts' ? '' : '{"accounts":'}[${items}${count ? ',' : ''}{"acc`;
      // Not counted as served: a client that got none of them asks again and gets the same accounts.
      reach = Math.max(reach, served + count);
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        // The text on the first read, the reset on the next (an error at once would drop what is queued).
        pull(controller) {
          if (sent) controller.error(new Error('socket reset'));
          else controller.enqueue(new TextEncoder().encode(text));
          sent = true;
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    }
    served += count;
    reach = Math.max(reach, served);
    if (method === 'getProgramAccounts') return json(`{"jsonrpc":"2.0","id":${id},"result":[${items}]}`);
    const key = step.last ? 'null' : step.repeatKey ? '"same"' : `"k${first}-${next}"`;
    return json(`{"jsonrpc":"2.0","id":${id},"result":{"accounts":[${items}],"paginationKey":${key}}}`);
  };
  return { fetch, log, served: () => served, reach: () => reach };
}

describe('streamProgramAccounts (model)', () => {
  it('yields the server’s accounts in order, none twice, and ends typed, whatever the server does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(reply, { maxLength: 10 }),
        fc.constantFrom('auto', 'v2', 'none'),
        async (replies, paging) => {
          const server = scripted(replies);
          const rpc = createRpc('http://127.0.0.1:1', {
            fetch: server.fetch,
            retry: { maxRetries: 2, baseDelayMs: 0, maxDelayMs: 0 },
          });
          const seen: string[] = [];
          let failure: unknown;
          try {
            for await (const { pubkey } of streamProgramAccounts(rpc, TOKEN_PROGRAM, { paging })) seen.push(pubkey);
          } catch (error) {
            failure = error;
          }
          // In the server's order, none twice, none it did not send: a prefix of what it sent. A request
          // retried after it handed accounts on would yield them again, and fail this.
          expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => indexedAddress(i)));
          expect(seen.length).toBeLessThanOrEqual(server.reach());
          if (failure !== undefined) expect(isSolRpcError(failure)).toBe(true);
          else expect(seen.length).toBe(server.served()); // a clean end: every account of every whole answer
          // Once the node says it has no getProgramAccountsV2, it is not asked again; with paging 'none', never.
          const fellBack = server.log.indexOf('getProgramAccounts');
          if (fellBack !== -1) expect(new Set(server.log.slice(fellBack))).toEqual(new Set(['getProgramAccounts']));
          if (paging === 'none') expect(new Set(server.log)).toEqual(new Set(['getProgramAccounts']));
        },
      ),
      { numRuns: Number(process.env.RUNS ?? 300) },
    );
  });
});
