/**
 * The table helper on the shapes a plain method's table must handle besides getEpochInfo's (its full
 * table is test/methods/getEpochInfo.test.ts): positional arguments before the config, a `{ context,
 * value }` result with a u64 above 2^53, a null value, and the encoding solrpc adds to an account config.
 */
import { useMswServer } from '../msw/server.js';
import { describeMethod } from './methodTable.js';

useMswServer();

const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const CONTEXT = '{"apiVersion":"2.3.7","slot":356139496}';

describeMethod('getBalance', {
  defaults: { args: [ADDRESS], sent: [ADDRESS] },
  cases: [
    {
      name: 'u64::MAX lamports, exact',
      args: [ADDRESS, { commitment: 'confirmed' }],
      sent: [ADDRESS, { commitment: 'confirmed' }],
      answer: `{"context":${CONTEXT},"value":18446744073709551615}`,
      expect: { context: { apiVersion: '2.3.7', slot: 356139496 }, value: 18446744073709551615n },
    },
    {
      name: 'a context without apiVersion has no apiVersion key',
      answer: '{"context":{"slot":7},"value":0}',
      expect: { context: { slot: 7 }, value: 0n },
    },
  ],
  refusals: [
    { name: 'lamports as a string', answer: `{"context":${CONTEXT},"value":"1"}`, path: 'result.value' },
    {
      name: 'a context slot above 2^53',
      answer: '{"context":{"slot":9007199254740993},"value":1}',
      path: 'result.context.slot',
    },
  ],
  inputErrors: [
    { name: 'no address', args: [], param: 'address' },
    { name: 'a config in the address position', args: [{ commitment: 'confirmed' }], param: 'address' },
    {
      name: 'a bad commitment after the address',
      args: [ADDRESS, { commitment: 'recent' }],
      param: 'config.commitment',
    },
  ],
});

describeMethod('getAccountInfo', {
  cases: [
    {
      name: 'no account: value null, and the default encoding on the wire',
      args: [ADDRESS],
      sent: [ADDRESS, { encoding: 'base64' }],
      answer: '{"context":{"slot":356139496},"value":null}',
      expect: { context: { slot: 356139496 }, value: null },
    },
  ],
  refusals: [
    {
      name: 'lamports as a string',
      args: [ADDRESS, { encoding: 'base58' }],
      sent: [ADDRESS, { encoding: 'base58' }],
      answer:
        '{"context":{"slot":1},"value":{"data":["","base58"],"executable":false,"lamports":"1","owner":"11111111111111111111111111111111","rentEpoch":0,"space":0}}',
      path: 'result.value.lamports',
    },
  ],
  inputErrors: [{ name: 'an unknown encoding', args: [ADDRESS, { encoding: 'hex' }], param: 'config.encoding' }],
});
