import type { Blockhash, LatestBlockhashResult } from '../../src/index.js';
import { resultTextOf, serveFixture } from '../msw/fixtures.js';
import { useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const CONFIRMED = 'conformance/getLatestBlockhash.confirmed';
const PROCESSED = 'conformance/getLatestBlockhash.processed-min-context-slot';
const CONFIRMED_RESULT: LatestBlockhashResult = {
  context: { slot: 356139501, apiVersion: '2.3.7' },
  value: { blockhash: 'AkVsbq27KPvLSfSbvaup1jSHcHceUntzVbWbSBx9R4US' as Blockhash, lastValidBlockHeight: 334287307n },
};
const withEdit = (search: string, replacement: string) => resultTextOf(CONFIRMED, [[search, replacement]]);

describeMethod('getLatestBlockhash', {
  defaults: { answer: serveFixture(CONFIRMED), expect: CONFIRMED_RESULT },
  cases: [
    { name: 'no config: params []', args: [], sent: [] },
    { name: 'commitment', args: [{ commitment: 'confirmed' }], sent: [{ commitment: 'confirmed' }] },
    {
      name: 'call options only: nothing on the wire',
      args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
      sent: [],
    },
    {
      name: 'commitment and minContextSlot (a bigint), older node without apiVersion',
      args: [{ commitment: 'processed', minContextSlot: 356139500n }],
      sent: [{ commitment: 'processed', minContextSlot: 356139500 }],
      answer: serveFixture(PROCESSED),
      expect: {
        context: { slot: 356139512 },
        value: { blockhash: '9zrUHnA1nCByPksy3aL8tQ47vqdaG2vnFs4HrxgcZj4F', lastValidBlockHeight: 334287318n },
      },
    },
    {
      name: 'unknown keys pass and are not copied',
      answer: withEdit('"lastValidBlockHeight":334287307', '"lastValidBlockHeight":334287307,"extra":1'),
    },
  ],
  refusals: [
    {
      name: 'lastValidBlockHeight above Number.MAX_SAFE_INTEGER',
      answer: withEdit('"lastValidBlockHeight":334287307', '"lastValidBlockHeight":9007199254740993'),
      path: 'result.value.lastValidBlockHeight',
      received: '9007199254740993',
    },
    {
      name: 'lastValidBlockHeight missing',
      answer: withEdit(',"lastValidBlockHeight":334287307', ''),
      path: 'result.value.lastValidBlockHeight',
    },
    {
      name: 'blockhash not base58',
      answer: withEdit('AkVsbq27KPvLSfSbvaup1jSHcHceUntzVbWbSBx9R4US', '0OIl'),
      path: 'result.value.blockhash',
    },
    { name: 'value null', answer: '{"context":{"slot":1},"value":null}', path: 'result.value' },
  ],
  inputErrors: [
    { name: 'config: a string', args: ['confirmed'], param: 'config' },
    { name: 'commitment: recent', args: [{ commitment: 'recent' }], param: 'config.commitment' },
    { name: 'minContextSlot: negative', args: [{ minContextSlot: -1 }], param: 'config.minContextSlot' },
    { name: 'an option it does not take', args: [{ encoding: 'base64' }], param: 'config.encoding' },
  ],
});

// -32601 and minContextSlot (-32016, or refused) are rows of test/methods/nodeRefusals.test.ts, for every method.
