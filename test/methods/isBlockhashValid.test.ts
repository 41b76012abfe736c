import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, rejectsWith, reply, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const EXPIRED = 'D3rf9BjLfFjwQJHvdZbTLMj48FuHPGGTYY7Jm3Jnx6ew';
const VALID = 'AkVsbq27KPvLSfSbvaup1jSHcHceUntzVbWbSBx9R4US';

describeMethod('isBlockhashValid', {
  defaults: {
    args: [EXPIRED],
    sent: [EXPIRED],
    answer: serveFixture('conformance/isBlockhashValid.expired'),
    // false is an answer, not an error and not null.
    expect: { context: { slot: 428277362, apiVersion: '4.1.0' }, value: false },
  },
  cases: [
    { name: 'an expired blockhash: value false' },
    {
      name: 'commitment and minContextSlot: value true',
      args: [VALID, { commitment: 'processed', minContextSlot: 356139501n }],
      sent: [VALID, { commitment: 'processed', minContextSlot: 356139501 }],
      answer: serveFixture('conformance/isBlockhashValid.processed-valid'),
      expect: { context: { slot: 356139505, apiVersion: '2.3.7' }, value: true },
    },
  ],
  refusals: [
    { name: 'value as a string', answer: '{"context":{"slot":1},"value":"false"}', path: 'result.value' },
    { name: 'value null', answer: '{"context":{"slot":1},"value":null}', path: 'result.value' },
  ],
  inputErrors: [
    { name: 'no blockhash', args: [], param: 'blockhash' },
    { name: 'a character outside base58', args: ['0OIl-not-a-hash'], param: 'blockhash' },
    { name: 'a signature, not a hash (64 bytes)', args: [`${VALID}${VALID}`], param: 'blockhash' },
    { name: 'a number', args: [42], param: 'blockhash' },
    { name: 'commitment: recent', args: [VALID, { commitment: 'recent' }], param: 'config.commitment' },
    { name: 'an option it does not take', args: [VALID, { encoding: 'base64' }], param: 'config.encoding' },
  ],
});

describe('isBlockhashValid input', { timeout: 5_000 }, () => {
  it('says what a blockhash is, since the node would answer just "Invalid"', async () => {
    mockRpc({ isBlockhashValid: reply.error(-32602, 'Invalid') });
    const rpc = createRpc(RPC_URL, { retry: false });
    const error = await rejectsWith(rpc.isBlockhashValid('not-a-hash'), 'InvalidInputError');
    expect(error.hint).toBe(
      'a blockhash is 32 bytes written in base58 (32–44 characters), as getLatestBlockhash returns it.',
    );
    expect(calls).toHaveLength(0);
  });
});
