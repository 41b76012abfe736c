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

const BASIC = 'conformance/getMaxShredInsertSlot.basic';

describeMethod('getMaxShredInsertSlot', {
  // agave takes no params: every call sends [] and the basic case answers 356139471.
  defaults: { answer: serveFixture(BASIC), expect: 356139471 },
  cases: [
    ...CALL_OPTIONS_ONLY_CASES,
    {
      name: 'a node that has inserted no shred yet answers 0',
      answer: serveFixture('conformance/getMaxShredInsertSlot.fresh-node-zero'),
      expect: 0,
    },
    ...slotCases(BASIC, 356139471),
  ],
  refusals: slotRefusals(BASIC, 356139471),
  inputErrors: CALL_OPTIONS_ONLY_INPUT_ERRORS,
});

// -32601 and minContextSlot (-32016, or refused) are rows of test/methods/nodeRefusals.test.ts, for every method.
