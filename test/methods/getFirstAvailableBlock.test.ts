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

const BASIC = 'conformance/getFirstAvailableBlock.basic';

describeMethod('getFirstAvailableBlock', {
  // agave takes no params: every call sends [] and the basic case answers 355721011.
  defaults: { answer: serveFixture(BASIC), expect: 355721011 },
  cases: [
    ...CALL_OPTIONS_ONLY_CASES,
    {
      name: 'a node without complete blocks or long-term storage answers 0',
      answer: serveFixture('conformance/getFirstAvailableBlock.no-history-zero'),
      expect: 0,
    },
    ...slotCases(BASIC, 355721011),
  ],
  refusals: slotRefusals(BASIC, 355721011),
  inputErrors: CALL_OPTIONS_ONLY_INPUT_ERRORS,
});

// -32601 and minContextSlot (-32016, or refused) are rows of test/methods/nodeRefusals.test.ts, for every method.
