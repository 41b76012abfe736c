import { serveFixture } from '../msw/fixtures.js';
import { useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const BASIC = 'conformance/getSlotLeader.basic';
const LEADER = '8HrMoDGq2CgD3uomED9urHDQBBrB5bf4gsq2kTN1D26d';

describeMethod('getSlotLeader', {
  defaults: { answer: serveFixture(BASIC), expect: LEADER },
  cases: [
    { name: 'no config: params []' },
    {
      name: 'commitment and minContextSlot (a bigint): one config object',
      args: [{ commitment: 'processed', minContextSlot: 356139500n }],
      sent: [{ commitment: 'processed', minContextSlot: 356139500 }],
      answer: serveFixture('conformance/getSlotLeader.processed-min-context-slot'),
      expect: '9jFPN9qW1XTSFWtMAa4oVLVSLF4gX8qJrde53DYk95Kv',
    },
    { name: 'call options only: nothing on the wire', args: [{ timeoutMs: 1_000 }] },
  ],
  refusals: [
    { name: 'a number', answer: '42', path: 'result' },
    { name: 'null', answer: 'null', path: 'result' },
    { name: 'not base58 (a 0)', answer: '"0HrMoDGq2CgD3uomED9urHDQBBrB5bf4gsq2kTN1D26d"', path: 'result' },
    { name: 'too short for an address', answer: '"8HrMoDGq"', path: 'result' },
  ],
  inputErrors: [
    { name: 'config: a string', args: ['confirmed'], param: 'config' },
    { name: 'a bad commitment', args: [{ commitment: 'recent' }], param: 'config.commitment' },
    { name: 'a negative minContextSlot', args: [{ minContextSlot: -1 }], param: 'config.minContextSlot' },
    { name: 'an option of another method', args: [{ identity: LEADER }], param: 'config.identity' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

// -32601 and minContextSlot (-32016, or refused) are rows of test/methods/nodeRefusals.test.ts, for every method.
