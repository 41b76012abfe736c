/**
 * setComputeBudget over random messages compiled by kit (legacy and v0 with lookup tables, signers and
 * writable/read-only mixes, compute budget instructions already there and duplicated, durable nonces)
 * with random options: the result decodes in kit and web3.js alike, every instruction resolves to the
 * same program, accounts and data as before save the compute budget ones, which are exactly what the
 * model below says, and applying the same options again changes nothing.
 */
import { AccountRole, type Address, type AddressesByLookupTableAddress, type Instruction } from '@solana/kit';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type SetComputeBudgetOptions, setComputeBudget } from '../../src/send/setComputeBudget.js';
import {
  addressOf,
  COMPUTE_BUDGET,
  kitHeap,
  kitIx,
  kitLimit,
  kitLoadedLimit,
  kitMessage,
  kitPrice,
  limitOf,
  priceOf,
  type Resolved,
  resolve,
  SYSTEM,
} from './budgetMessages.js';

const payer = addressOf(1);
const signers = [addressOf(2), addressOf(3)];
const accounts = Array.from({ length: 10 }, (_, i) => addressOf(10 + i));
const programs = [addressOf(40), addressOf(41), addressOf(42)];
const tableKeys = [addressOf(50), addressOf(51)];
const NONCE_ACCOUNT = addressOf(60);

const role = fc.constantFrom(AccountRole.READONLY, AccountRole.WRITABLE);
const workInstruction = fc
  .record({
    program: fc.constantFrom(...programs),
    signers: fc
      .subarray([payer, ...signers])
      .chain((list) =>
        fc.tuple(
          ...list.map((signer) =>
            fc.tuple(fc.constant(signer), fc.constantFrom(AccountRole.READONLY_SIGNER, AccountRole.WRITABLE_SIGNER)),
          ),
        ),
      ),
    others: fc.uniqueArray(fc.tuple(fc.constantFrom(...accounts), role), { maxLength: 5, selector: ([a]) => a }),
    data: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 8 }),
  })
  .map(({ program, signers: signing, others, data }) => kitIx(program, [...signing, ...others] as never, data));
const budgetInstruction: fc.Arbitrary<Instruction> = fc.oneof(
  fc.integer({ min: 0, max: 1_400_000 }).map(kitLimit),
  fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(kitPrice),
  fc.constant(kitHeap(64 * 1024)),
  fc.constant(kitLoadedLimit(100_000)),
);

const message = fc
  .record({
    version: fc.constantFrom('legacy' as const, 0 as const),
    instructions: fc.array(fc.oneof({ weight: 3, arbitrary: workInstruction }, budgetInstruction), { maxLength: 8 }),
    nonce: fc.boolean(),
    tables: fc.array(fc.subarray(accounts, { minLength: 1 }), { minLength: 1, maxLength: 2 }),
  })
  .map(({ version, instructions, nonce, tables }) => {
    const byTable: AddressesByLookupTableAddress =
      version === 0 ? Object.fromEntries(tables.map((entries, i) => [tableKeys[i] as Address, entries])) : {};
    const bytes = kitMessage({
      payer,
      instructions,
      version,
      tables: version === 0 ? byTable : undefined,
      nonce: nonce ? { account: NONCE_ACCOUNT, authority: payer } : undefined,
    });
    return { bytes, tables: byTable };
  });

const options: fc.Arbitrary<SetComputeBudgetOptions> = fc.record(
  {
    unitLimit: fc.integer({ min: 0, max: 1_400_000 }),
    unitPrice: fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.integer({ min: 0, max: 2 ** 40 })),
  },
  { requiredKeys: [] },
);

/**
 * What the instructions should read after the edit, from what they read before: the first
 * SetComputeUnitLimit and SetComputeUnitPrice keep their place (with the new value when given), their
 * copies go, and a missing one that is given comes first, after a leading AdvanceNonceAccount.
 */
function model(before: Resolved[], { unitLimit, unitPrice }: SetComputeBudgetOptions): Resolved[] {
  const wanted = new Map<string, Resolved | undefined>([
    ['02', unitLimit === undefined ? undefined : limitOf(unitLimit)],
    ['03', unitPrice === undefined ? undefined : priceOf(BigInt(unitPrice))],
  ]);
  const seen = new Set<string>();
  const after: Resolved[] = [];
  for (const instruction of before) {
    const tag = instruction.data.slice(0, 2);
    if (instruction.program !== COMPUTE_BUDGET || !wanted.has(tag)) after.push(instruction);
    else if (!seen.has(tag)) {
      seen.add(tag);
      after.push(wanted.get(tag) ?? instruction);
    }
  }
  const added = [...wanted].filter(([tag, value]) => value && !seen.has(tag)).map(([, value]) => value as Resolved);
  const at = after[0]?.program === SYSTEM && after[0].data.startsWith('04000000') ? 1 : 0;
  return [...after.slice(0, at), ...added, ...after.slice(at)];
}

it('random kit messages and options: both libraries read what the model says; twice is once', () => {
  fc.assert(
    fc.property(message, options, ({ bytes, tables }, given) => {
      const before = resolve(bytes, tables);
      const copy = bytes.slice();
      const edited = setComputeBudget(bytes, given);
      expect(bytes).toEqual(copy);
      expect(resolve(edited, tables)).toEqual(model(before, given));
      expect(setComputeBudget(edited, given)).toEqual(edited);
    }),
    { numRuns: 300 },
  );
});
