import { serveFixture } from '../msw/fixtures.js';
import { useMswServer } from '../msw/server.js';
import {
  CALL_OPTIONS_ONLY_CASES,
  CALL_OPTIONS_ONLY_INPUT_ERRORS,
  slotCases,
  slotRefusals,
} from '../support/methodRows.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const BASIC = 'conformance/getMaxRetransmitSlot.basic';

describeMethod('getMaxRetransmitSlot', {
  // agave takes no params: every call sends [] and the basic case answers 356139473.
  defaults: { answer: serveFixture(BASIC), expect: 356139473 },
  cases: [
    ...CALL_OPTIONS_ONLY_CASES,
    {
      name: 'a node that has retransmitted nothing yet answers 0',
      answer: serveFixture('conformance/getMaxRetransmitSlot.fresh-node-zero'),
      expect: 0,
    },
    ...slotCases(BASIC, 356139473),
  ],
  refusals: slotRefusals(BASIC, 356139473),
  inputErrors: CALL_OPTIONS_ONLY_INPUT_ERRORS,
});

// -32601 and minContextSlot (-32016, or refused) are rows of test/methods/nodeRefusals.test.ts, for every method.
