/**
 * Review 5: landTransaction attacked as a hostile server and as a new user would, over loopback: the
 * project's test cluster (transactions built and signed by @solana/kit) and a hostile JSON-RPC node of this
 * file's own (a chain whose slot moves on with every request, whose answers a test overrides to lie).
 *
 * Named `*.review.ts` so that vitest does not run it: the tests tagged F0..F11 FAIL on the tree reviewed
 * (fbdf3da) and each pins one finding of /tmp/h/review5.md; the untagged ones held. Rename to
 * `*.test.ts` (or move a test into the suite) to run them: `npx vitest run test/send/landAttack.test.ts`.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import {
  createRpc,
  isSolRpcError,
  type LandingBuildInput,
  type LandingProgress,
  landTransaction,
  type Rpc,
} from '../../src/index.js';
import { startTestCluster, type TestCluster } from '../../src/testing/index.js';

const HANG = { timeout: 30_000 };
const SYSTEM = address('11111111111111111111111111111111');
const COMPUTE_BUDGET = address('ComputeBudget111111111111111111111111111111');

let payer: KeyPairSigner;
let cosigner: KeyPairSigner;
let recipient: KeyPairSigner;

const limitIx = (units: number) => {
  const data = new Uint8Array(5);
  data[0] = 2;
  new DataView(data.buffer).setUint32(1, units, true);
  return { programAddress: COMPUTE_BUDGET, data };
};
const priceIx = (microLamports: bigint) => {
  const data = new Uint8Array(9);
  data[0] = 3;
  new DataView(data.buffer).setBigUint64(1, microLamports, true);
  return { programAddress: COMPUTE_BUDGET, data };
};
const transferIx = (from: KeyPairSigner, lamports: bigint) => {
  const data = new Uint8Array(12);
  data[0] = 2;
  new DataView(data.buffer).setBigUint64(4, lamports, true);
  return {
    programAddress: SYSTEM,
    accounts: [
      { address: from.address, role: 3 as const, signer: from },
      { address: recipient.address, role: 1 as const },
    ],
    data,
  };
};

/** A kit transfer as landTransaction asks; `twoSigners` adds a second signer's transfer. */
async function transfer(
  input: LandingBuildInput,
  options: { lamports?: bigint; twoSigners?: boolean; from?: KeyPairSigner } = {},
): Promise<Uint8Array> {
  const lamports = options.lamports ?? 1_000_000n;
  const from = options.from ?? payer;
  const instructions = [limitIx(input.unitLimit), priceIx(input.unitPrice), transferIx(from, lamports)];
  if (options.twoSigners) instructions.push(transferIx(cosigner, 1n));
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: input.blockhash as never, lastValidBlockHeight: input.lastValidBlockHeight },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions as never, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return new Uint8Array(getTransactionEncoder().encode(signed));
}

/** Polls until the signature is found (true) or the node calls every blockhash it was given over (false). */
async function landedOrExpired(rpc: Rpc, signature: string): Promise<boolean> {
  const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
  for (;;) {
    const status = (await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true })).value[0];
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return true;
    const height = await rpc.getBlockHeight({ commitment: 'confirmed' });
    // Past the newest blockhash's life as of the call's end: anything sent before it has landed or never will.
    if (BigInt(height) > value.lastValidBlockHeight) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  payer = await generateKeyPairSigner();
  cosigner = await generateKeyPairSigner();
  recipient = await generateKeyPairSigner();
});

describe('on the test cluster', () => {
  let cluster: TestCluster;
  let rpc: Rpc;
  beforeAll(async () => {
    cluster = await startTestCluster({
      slotMs: 50,
      accounts: {
        [payer.address]: { lamports: 100_000_000_000n },
        [cosigner.address]: { lamports: 10_000_000_000n },
      },
    });
    rpc = createRpc(cluster.url, { retry: false });
  });
  afterAll(async () => {
    await cluster.close();
  });
  const balance = async (who: string) => (await rpc.getBalance(who as never, { commitment: 'confirmed' })).value;

  it('F2: maxFeeLamports is never exceeded by a transaction with two signers', HANG, async () => {
    const before = await balance(payer.address);
    // 12,000 lamports: two signatures' base fee (10,000) leaves 2,000 for the priority fee.
    const outcome = await landTransaction(rpc, {
      pollIntervalMs: 50,
      unitLimit: 1_000_000,
      unitPrice: 10_000n,
      maxFeeLamports: 12_000n,
      build: (input) => transfer(input, { twoSigners: true }),
    }).catch((e: unknown) => e);
    const spent = before - (await balance(payer.address));
    if (outcome instanceof Error) {
      // Refused: then nothing may have been paid.
      expect(spent).toBe(0n);
    } else {
      const fee = spent - 1_000_000n;
      expect(fee).toBeLessThanOrEqual(12_000n);
      expect((outcome as { feeLamports: bigint }).feeLamports).toBe(fee);
    }
  });

  it(
    "F2: maxFeeLamports below two signatures' base fee is refused for a two-signer transaction, unsent",
    HANG,
    async () => {
      const before = await balance(payer.address);
      const outcome = await landTransaction(rpc, {
        pollIntervalMs: 50,
        unitLimit: 1_000,
        unitPrice: 0,
        maxFeeLamports: 9_000n,
        build: (input) => transfer(input, { twoSigners: true }),
      }).catch((e: unknown) => e);
      expect(outcome).toMatchObject({ name: 'TransactionNotLandedError', attempts: [] });
      expect(await balance(payer.address)).toBe(before);
    },
  );

  it(
    'F3: a preflight refusal (payer without lamports) is reported as unable to land, as documented',
    HANG,
    async () => {
      const broke = await generateKeyPairSigner();
      const error = await landTransaction(rpc, {
        pollIntervalMs: 50,
        unitLimit: 1_000,
        unitPrice: 0,
        build: (input) => transfer(input, { from: broke }),
      }).catch((e: unknown) => e);
      expect(isSolRpcError(error, 'TransactionNotLandedError')).toBe(true);
      if (!isSolRpcError(error, 'TransactionNotLandedError')) return;
      expect(error.reason).toBe('refused');
      // LandingAttempt.mayStillLand: "False once ... the node refused it in preflight and never forwarded it".
      expect(error.mayStillLand).toBe(false);
      expect(error.pending).toBeNull();
      expect(error.attempts.map((a) => a.mayStillLand)).toEqual([false]);
    },
  );

  it(
    'F11: a unitPrice the payer can afford at the real limit: the draft simulation does not refuse it for the 1,400,000-unit draft',
    HANG,
    async () => {
      const modest = await generateKeyPairSigner();
      await rpc.requestAirdrop(modest.address, 1_000_000_000n);
      while ((await balance(modest.address)) === 0n) await new Promise((r) => setTimeout(r, 20));
      // 1,000 lamports per unit: about 0.5 SOL at the real limit (~500 units), 1.4 SOL for the draft at 1,400,000.
      const outcome = await landTransaction(rpc, {
        pollIntervalMs: 50,
        unitPrice: 1_000_000_000n,
        build: (input) => transfer(input, { from: modest, lamports: 1_000_000n }),
      }).catch((e: unknown) => e);
      // docs/sending-transactions.md: "give the draft a price of 0: the simulation checks that the fee payer can
      // pay the fee the draft declares, and a high price times 1,400,000 units may be more than it holds."
      expect(
        outcome instanceof Error
          ? `${outcome.message} / ${JSON.stringify((outcome.cause as { err?: unknown } | undefined)?.err)}`
          : 'landed',
      ).toBe('landed');
    },
  );

  it(
    'F1: the draft given to simulateTransaction can never land: a node that broadcasts it lands nothing twice',
    HANG,
    async () => {
      // A relay that answers every request truthfully from the cluster, and also sends on what it is asked
      // to simulate (any node, proxy or logger that sees the payload can).
      const upstream = new URL(cluster.url);
      const forward = (body: string) =>
        new Promise<string>((resolve, reject) => {
          const req = httpRequest(
            {
              host: upstream.hostname,
              port: upstream.port,
              path: '/',
              method: 'POST',
              headers: { 'content-type': 'application/json' },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      let draftSignature = '';
      let draftAccepted = false;
      const relay = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', async () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const parsed = JSON.parse(body) as { method: string; params: unknown[] };
          if (parsed.method === 'simulateTransaction') {
            const wire = Buffer.from(parsed.params[0] as string, 'base64');
            draftSignature = encodeBase58(new Uint8Array(wire.subarray(1, 65)));
            draftAccepted = await forward(
              JSON.stringify({
                jsonrpc: '2.0',
                id: 99,
                method: 'sendTransaction',
                params: [parsed.params[0], { encoding: 'base64', skipPreflight: true }],
              }),
            ).then((answer) => 'result' in (JSON.parse(answer) as object));
          }
          res.setHeader('content-type', 'application/json');
          res.end(await forward(body));
        });
      });
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
      try {
        const relayed = createRpc(`http://127.0.0.1:${(relay.address() as AddressInfo).port}`, { retry: false });
        const received = await balance(recipient.address);
        const landed = await landTransaction(relayed, {
          pollIntervalMs: 50,
          unitPrice: 0,
          build: (input) => transfer(input, { lamports: 7_000_000n }),
        });
        expect(landed.attempts).toBe(1);
        // The draft the relay sent on: wait for its outcome (found, or its blockhash over), no sleep.
        let draftLanded = false;
        if (draftAccepted) {
          const draft = await landedOrExpired(rpc, draftSignature);
          draftLanded = draft;
        }
        // One transfer: the call's. The draft (attempt 0) must not be a transaction that can land.
        expect(draftLanded).toBe(false);
        expect((await balance(recipient.address)) - received).toBe(7_000_000n);
      } finally {
        relay.closeAllConnections();
        await new Promise((r) => relay.close(r));
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// A hostile JSON-RPC node on loopback: a chain of its own (the slot moves on with every request), whose
// answers a test overrides to lie.
// ---------------------------------------------------------------------------------------------------------

interface Chain {
  slot: number;
  height(): number;
  /** Every blockhash given, with its last valid block height. */
  issued: Map<string, number>;
  sent: string[];
  requests: { method: string; params: unknown[] }[];
}
type Override = (method: string, params: unknown[], chain: Chain) => unknown;
const FALL_THROUGH = Symbol('fall through');

const hashOf = (n: number) => {
  const bytes = new Uint8Array(32).fill(9);
  new DataView(bytes.buffer).setUint32(0, n + 1);
  return encodeBase58(bytes);
};

async function hostileNode(
  override: Override = () => FALL_THROUGH,
  options: { step?: number; path?: string; height?: (slot: number) => number } = {},
): Promise<{ url: string; chain: Chain; close(): Promise<void> }> {
  const step = options.step ?? 2;
  const chain: Chain = {
    slot: 1_000,
    height() {
      return options.height ? options.height(this.slot) : this.slot - 100;
    },
    issued: new Map(),
    sent: [],
    requests: [],
  };
  const context = () => ({ slot: chain.slot });
  const honest = (method: string, params: unknown[]): unknown => {
    switch (method) {
      case 'getLatestBlockhash': {
        const h = chain.height();
        const blockhash = hashOf(Math.floor(h / 10));
        if (!chain.issued.has(blockhash)) chain.issued.set(blockhash, h + 150);
        return { context: context(), value: { blockhash, lastValidBlockHeight: chain.issued.get(blockhash) } };
      }
      case 'isBlockhashValid': {
        const last = chain.issued.get(params[0] as string);
        return { context: context(), value: last !== undefined && chain.height() <= last };
      }
      case 'getBlockHeight':
        return chain.height();
      case 'getSlot':
        return chain.slot;
      case 'sendTransaction': {
        const wire = Buffer.from(params[0] as string, 'base64');
        const signature = encodeBase58(new Uint8Array(wire.subarray(1, 65)));
        chain.sent.push(signature);
        return signature;
      }
      case 'getSignatureStatuses':
        return { context: context(), value: (params[0] as string[]).map(() => null) };
      case 'simulateTransaction':
        return {
          context: context(),
          value: { err: null, logs: [], accounts: null, unitsConsumed: 450, returnData: null },
        };
      case 'getRecentPrioritizationFees':
        return Array.from({ length: 20 }, (_, i) => ({ slot: chain.slot - i, prioritizationFee: 1_000 }));
      case 'getTransaction':
        return null;
      default:
        return { error: { code: -32601, message: 'Method not found' } };
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const {
        id,
        method,
        params = [],
      } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id: number;
        method: string;
        params?: unknown[];
      };
      chain.slot += step;
      chain.requests.push({ method, params });
      const lied = override(method, params, chain);
      if (lied === 'silent') return;
      if (typeof lied === 'object' && lied !== null && 'status' in lied && typeof lied.status === 'number') {
        res.statusCode = lied.status;
        res.end('{}');
        return;
      }
      const outcome = lied === FALL_THROUGH ? honest(method, params) : lied;
      res.setHeader('content-type', 'application/json');
      const body =
        typeof outcome === 'object' && outcome !== null && 'error' in outcome
          ? { jsonrpc: '2.0', id, error: (outcome as { error: unknown }).error }
          : { jsonrpc: '2.0', id, result: outcome };
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.path ?? ''}`,
    chain,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const FAST = { pollIntervalMs: 1, resendIntervalMs: 1_000 };

describe('against a hostile node', () => {
  it(
    'the honest chain: an attempt that never lands expires, is rebuilt, and the call times out saying none can land',
    HANG,
    async () => {
      const node = await hostileNode();
      try {
        const stages: LandingProgress['stage'][] = [];
        const error = await landTransaction(createRpc(node.url, { retry: false }), {
          ...FAST,
          timeoutMs: 3_000,
          unitLimit: 1_000,
          unitPrice: 10n,
          onProgress: (e) => stages.push(e.stage),
          build: (input) => transfer(input),
        }).catch((e: unknown) => e);
        expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout' });
        expect(stages).toContain('rebuilt');
      } finally {
        await node.close();
      }
    },
  );

  it(
    'F7: a history lookup answering more statuses than signatures asked is a typed error, not a TypeError',
    HANG,
    async () => {
      let historyLookups = 0;
      const node = await hostileNode((method, params, chain) => {
        const config = params[1] as { searchTransactionHistory?: boolean } | undefined;
        if (method !== 'getSignatureStatuses' || !config?.searchTransactionHistory) return FALL_THROUGH;
        // The first is the expiry's last look (answered honestly); the second is landTransaction's own check of
        // every signature it sent before building again: two entries for the one signature asked.
        if (++historyLookups !== 2) return FALL_THROUGH;
        return {
          context: { slot: chain.slot },
          value: [
            null,
            {
              slot: chain.slot - 1,
              confirmations: null,
              err: null,
              status: { Ok: null },
              confirmationStatus: 'finalized',
            },
          ],
        };
      });
      try {
        const error = await landTransaction(createRpc(node.url, { retry: false }), {
          ...FAST,
          timeoutMs: 5_000,
          unitLimit: 1_000,
          unitPrice: 10n,
          build: (input) => transfer(input),
        }).catch((e: unknown) => e);
        expect(historyLookups).toBeGreaterThanOrEqual(2);
        expect((error as Error).name).not.toBe('TypeError');
        expect(isSolRpcError(error)).toBe(true);
      } finally {
        await node.close();
      }
    },
  );
});

describe('against a hostile node: blockhashes', () => {
  it(
    'F5: one blockhash answered with a lastValidBlockHeight far in the future does not stop every later rebuild',
    HANG,
    async () => {
      let first = true;
      const node = await hostileNode((method, _params, chain) => {
        if (method !== 'getLatestBlockhash' || !first) return FALL_THROUGH;
        first = false;
        const blockhash = hashOf(999_999);
        chain.issued.set(blockhash, chain.height() + 150);
        return {
          context: { slot: chain.slot },
          value: { blockhash, lastValidBlockHeight: chain.height() + 10_000_000 },
        };
      });
      try {
        const built: LandingBuildInput[] = [];
        const error = await landTransaction(createRpc(node.url, { retry: false }), {
          ...FAST,
          timeoutMs: 4_000,
          unitLimit: 1_000,
          unitPrice: 10n,
          build: (input) => {
            built.push(input);
            return transfer(input);
          },
        }).catch((e: unknown) => e);
        expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout', mayStillLand: false });
        // The honest chain rebuilds within a second (test above); one bad answer must not end rebuilding.
        expect(built.length).toBeGreaterThan(1);
      } finally {
        await node.close();
      }
    },
  );

  it('F6: a blockhash already proved expired is never built on again', HANG, async () => {
    let firstHash: string | undefined;
    let lvbh = 0;
    const node = await hostileNode((method, _params, chain) => {
      if (method !== 'getLatestBlockhash') return FALL_THROUGH;
      // The same blockhash every time, its lastValidBlockHeight creeping up (a node stuck, or lying).
      firstHash ??= hashOf(777);
      lvbh = lvbh === 0 ? chain.height() + 150 : lvbh + 1;
      if (!chain.issued.has(firstHash)) chain.issued.set(firstHash, lvbh);
      return { context: { slot: chain.slot }, value: { blockhash: firstHash, lastValidBlockHeight: lvbh } };
    });
    try {
      const built: LandingBuildInput[] = [];
      await landTransaction(createRpc(node.url, { retry: false }), {
        ...FAST,
        timeoutMs: 3_000,
        unitLimit: 1_000,
        unitPrice: 10n,
        build: (input) => {
          built.push(input);
          return transfer(input);
        },
      }).catch((e: unknown) => e);
      expect(new Set(built.map((input) => input.blockhash)).size).toBe(built.length);
    } finally {
      await node.close();
    }
  });
});

describe('against a hostile node: budget and fees', () => {
  it('F8: a simulation reporting 0 units consumed never asks build for a limit of 0', HANG, async () => {
    const node = await hostileNode((method, _params, chain) =>
      method === 'simulateTransaction'
        ? {
            context: { slot: chain.slot },
            value: { err: null, logs: [], accounts: null, unitsConsumed: 0, returnData: null },
          }
        : FALL_THROUGH,
    );
    try {
      const limits: number[] = [];
      await landTransaction(createRpc(node.url, { retry: false }), {
        ...FAST,
        timeoutMs: 1_000,
        unitPrice: 10n,
        build: (input) => {
          limits.push(input.unitLimit);
          return transfer(input);
        },
      }).catch((e: unknown) => e);
      expect(limits.length).toBeGreaterThan(1);
      // options.unitLimit itself must be from 1 to 1,400,000: a limit of 0 fails any transaction that runs.
      expect(limits.every((limit) => limit >= 1)).toBe(true);
    } finally {
      await node.close();
    }
  });

  it('F9: no build is ever asked for a unit price above u64 (the raise after an expiry is bounded)', HANG, async () => {
    const node = await hostileNode((method, _params, chain) =>
      method === 'getRecentPrioritizationFees'
        ? Array.from({ length: 20 }, (_, i) => ({
            slot: chain.slot - i,
            prioritizationFee: 16_000_000_000_000_000_000,
          }))
        : FALL_THROUGH,
    );
    try {
      const prices: bigint[] = [];
      const error = await landTransaction(createRpc(node.url, { retry: false }), {
        ...FAST,
        timeoutMs: 3_000,
        unitLimit: 1_000,
        build: (input) => {
          prices.push(input.unitPrice);
          return transfer(input);
        },
      }).catch((e: unknown) => e);
      expect(prices.length).toBeGreaterThan(1);
      expect(prices.every((price) => price <= 2n ** 64n - 1n)).toBe(true);
      expect(error).toMatchObject({ reason: 'timeout' });
    } finally {
      await node.close();
    }
  });
});

/** Every text an error carries: message, hint, its fields, its causes, as a user would log them. */
function allText(error: unknown, depth = 0): string {
  if (depth > 5 || error === undefined || error === null) return '';
  if (typeof error !== 'object') return String(error);
  const e = error as Error & { hint?: unknown; cause?: unknown };
  let json = '';
  try {
    json = JSON.stringify(error, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
  } catch {
    json = '';
  }
  return [String(e), e.message, e.stack, String(e.hint ?? ''), json, allText(e.cause, depth + 1)].join('\n');
}

describe('a new user: secrets, messages', () => {
  const SECRET = 'SECRET123';
  it.each([
    ['a 429 storm until the deadline', (m: string) => (m === 'getLatestBlockhash' ? { status: 429 } : FALL_THROUGH)],
    [
      'a node that answers malformed blockhashes',
      (m: string) => (m === 'getLatestBlockhash' ? { context: { slot: 1 }, value: 7 } : FALL_THROUGH),
    ],
    [
      'a preflight refusal',
      (m: string) =>
        m === 'sendTransaction'
          ? {
              error: {
                code: -32002,
                message:
                  'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
                data: { err: 'AccountNotFound', logs: [] },
              },
            }
          : FALL_THROUGH,
    ],
    [
      'a failing simulation',
      (m: string) =>
        m === 'simulateTransaction'
          ? {
              context: { slot: 1 },
              value: { err: 'AccountNotFound', logs: ['x'], accounts: null, unitsConsumed: 0, returnData: null },
            }
          : FALL_THROUGH,
    ],
    ['a silent node', (m: string) => (m === 'sendTransaction' ? 'silent' : FALL_THROUGH)],
    ['an http 500 on sends', (m: string) => (m === 'sendTransaction' ? { status: 500 } : FALL_THROUGH)],
  ])('%s: no message, hint, cause or progress event holds the API key', HANG, async (_, override) => {
    const node = await hostileNode(override as Override, { path: `/?api-key=${SECRET}` });
    try {
      const seen: string[] = [];
      const error = await landTransaction(createRpc(node.url, { retry: false }), {
        ...FAST,
        timeoutMs: 1_500,
        onProgress: (event) => seen.push(JSON.stringify(event, (_k, v) => (typeof v === 'bigint' ? String(v) : v))),
        build: (input) => transfer(input),
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      const text = `${allText(error)}\n${seen.join('\n')}`;
      expect(text).not.toContain(SECRET);
    } finally {
      await node.close();
    }
  });
});

describe('against a hostile node: a flapping isBlockhashValid', () => {
  it(
    "F4: never builds again while the node's own block height is within the last attempt's lastValidBlockHeight",
    HANG,
    async () => {
      // Half the slots skipped (a block every other slot), and isBlockhashValid false two answers in three.
      let answers = 0;
      const node = await hostileNode(
        (method, params, chain) => {
          if (method !== 'isBlockhashValid') return FALL_THROUGH;
          const last = chain.issued.get(params[0] as string);
          const truth = last !== undefined && chain.height() <= last;
          return { context: { slot: chain.slot }, value: truth && answers++ % 3 === 0 };
        },
        { height: (slot) => Math.floor(slot / 2) },
      );
      try {
        const early: string[] = [];
        let previous: LandingBuildInput | undefined;
        await landTransaction(createRpc(node.url, { retry: false }), {
          ...FAST,
          timeoutMs: 2_000,
          unitLimit: 1_000,
          unitPrice: 10n,
          build: (input) => {
            if (previous && node.chain.height() <= Number(previous.lastValidBlockHeight)) {
              early.push(
                `attempt ${input.attempt} built at height ${node.chain.height()}, attempt ${previous.attempt} valid to ${previous.lastValidBlockHeight}`,
              );
            }
            previous = input;
            return transfer(input);
          },
        }).catch((e: unknown) => e);
        expect(previous?.attempt).toBeGreaterThan(1);
        expect(early).toEqual([]);
      } finally {
        await node.close();
      }
    },
  );
});

describe('on a congested test cluster: drops, a moving market fee, lagging statuses', () => {
  it.each([
    [60n, false],
    [21n, false],
    [60n, true],
  ])(
    '12 landings at once, priority fee cap %i lamports, 429s and a lagging blockhash source %s: each lands once or says none can; never two of a call; fee within maxFeeLamports',
    { timeout: 120_000 },
    async (priorityCap, storms) => {
      const payers = await Promise.all(Array.from({ length: 12 }, () => generateKeyPairSigner()));
      const cluster = await startTestCluster({
        slotMs: 40,
        accounts: Object.fromEntries(payers.map((p) => [p.address, { lamports: 10_000_000_000n }])),
      });
      try {
        const rpc = createRpc(cluster.url, { retry: false });
        cluster.fault('dropSends', { share: 0.5, seed: 11 });
        cluster.fault('marketFee', { price: 20_000, walk: { seed: 3, step: 0.1, min: 5_000 } });
        cluster.fault('statusLag', { slots: 3 });
        if (storms) {
          cluster.fault('rateLimited', {
            methods: ['getSignatureStatuses', 'isBlockhashValid', 'sendTransaction'],
            count: 60,
          });
          cluster.fault('behind', { methods: ['getLatestBlockhash'], slots: 50 });
        }
        const MAX_FEE = 5_000n + priorityCap; // 5,000 base + a priority fee of at most priorityCap x 1e6 / 1,000 units
        const runs = payers.map(async (from) => {
          const signatures: string[] = [];
          const outcome = await landTransaction(rpc, {
            pollIntervalMs: 40,
            resendIntervalMs: 120,
            unitLimit: 1_000,
            maxFeeLamports: MAX_FEE,
            timeoutMs: 20_000,
            build: async (input) => {
              const bytes = await transfer(input, { from, lamports: 1_000_000n });
              signatures.push(encodeBase58(bytes.subarray(1, 65)));
              return bytes;
            },
          }).catch((e: unknown) => e);
          return { outcome, signatures, from };
        });
        const results = await Promise.all(runs);
        cluster.clearFaults();
        for (const { outcome, signatures } of results) {
          const statuses = (await rpc.getSignatureStatuses(signatures, { searchTransactionHistory: true })).value;
          const found = signatures.filter((_, i) => statuses[i] !== null);
          if (outcome instanceof Error) {
            expect(outcome).toMatchObject({ name: 'TransactionNotLandedError' });
            if ((outcome as unknown as { mayStillLand: boolean }).mayStillLand === false) expect(found).toEqual([]);
            expect(found.length).toBeLessThanOrEqual(1);
          } else {
            const landed = outcome as { signature: string; feeLamports: bigint };
            expect(found).toEqual([landed.signature]);
            expect(landed.feeLamports).toBeLessThanOrEqual(MAX_FEE);
          }
        }
        // Something landed, or every call ended saying why (the cap below the market).
        expect(
          results.every(
            (r) => !(r.outcome instanceof Error) || (r.outcome as { cappedBelow?: unknown }).cappedBelow !== null,
          ),
        ).toBe(true);
      } finally {
        await cluster.close();
      }
    },
  );
});

describe('a new user: options and messages', () => {
  it(
    "F10a: maxFeeLamports below one signature's base fee is refused before any request, naming the option",
    HANG,
    async () => {
      const node = await hostileNode();
      try {
        const error = await landTransaction(createRpc(node.url, { retry: false }), {
          unitLimit: 1_000,
          unitPrice: 0,
          maxFeeLamports: 4_999n,
          build: (input) => transfer(input),
        }).catch((e: unknown) => e);
        expect(error).toMatchObject({ name: 'InvalidInputError', param: 'options.maxFeeLamports' });
        expect(node.chain.requests).toEqual([]);
      } finally {
        await node.close();
      }
    },
  );

  it(
    'F10b: a build returning base58 text or a kit Transaction object is told what to return (bytes or base64)',
    HANG,
    async () => {
      const node = await hostileNode();
      try {
        const { getBase58Decoder, getTransactionDecoder } = await import('@solana/kit');
        const base58 = await landTransaction(createRpc(node.url, { retry: false }), {
          unitLimit: 1_000,
          unitPrice: 0,
          build: async (input) => getBase58Decoder().decode(await transfer(input)),
        }).then(
          () => new Error('landed'),
          (e: unknown) => e as Error,
        );
        expect(base58).toMatchObject({ name: 'TransactionNotLandedError', reason: 'build-failed' });
        // Told to "pass config.encoding" (landTransaction has no such option and refuses unknown keys), or, when
        // the base58 text happens to be valid base64, "signatures at byte 0: its length does not fit in 16 bits".
        expect(base58.message).not.toMatch(/config\.encoding|16 bits/);
        expect(base58.message).toMatch(/base64/);
        const object = await landTransaction(createRpc(node.url, { retry: false }), {
          unitLimit: 1_000,
          unitPrice: 0,
          // kit's Transaction ({ messageBytes, signatures }): the encoder call forgotten.
          build: async (input) => getTransactionDecoder().decode(await transfer(input)) as never,
        }).then(
          () => new Error('landed'),
          (e: unknown) => e as Error,
        );
        expect(object).toMatchObject({ name: 'TransactionNotLandedError', reason: 'build-failed' });
        // build's contract is bytes or base64: a message offering base58 text sends the user the wrong way.
        expect(object.message).not.toMatch(/base58/);
        expect(object.message).toMatch(/build/);
      } finally {
        await node.close();
      }
    },
  );

  it(
    'F10c: a cap below the market: the timeout error says the cap held the price below it, even with one pending',
    HANG,
    async () => {
      const node = await hostileNode();
      try {
        const error = await landTransaction(createRpc(node.url, { retry: false }), {
          ...FAST,
          timeoutMs: 1_500,
          unitLimit: 1_000,
          maxUnitPrice: 1n,
          build: (input) => transfer(input),
        }).then(
          () => new Error('landed') as Error & { hint?: string },
          (e: unknown) => e as Error & { cappedBelow: bigint | null; hint?: string },
        );
        expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout', cappedBelow: 1_000n });
        expect(`${error.message} ${error.hint ?? ''}`).toMatch(/maxUnitPrice|cap/);
      } finally {
        await node.close();
      }
    },
  );
});

describe('on the test cluster: a landing in the last blocks of its blockhash, statuses lagging', () => {
  it.each([0, 10])(
    'F0: status lag %i slots: the first attempt lands late; the call never lands a second',
    { timeout: 60_000 },
    async (lag) => {
      const from = await generateKeyPairSigner();
      const cluster = await startTestCluster({
        slotMs: 40,
        accounts: { [from.address]: { lamports: 10_000_000_000n } },
      });
      try {
        const rpc = createRpc(cluster.url, { retry: false });
        const drops = cluster.fault('dropSends');
        if (lag > 0) cluster.fault('statusLag', { slots: lag });
        const signatures: string[] = [];
        let firstValidTo: bigint | undefined;
        // Let sends through from a few blocks before the first attempt's last valid block height.
        let stop = false;
        const watcher = (async () => {
          while (!stop) {
            const height = BigInt(await rpc.getBlockHeight({ commitment: 'processed' }));
            if (firstValidTo !== undefined && height >= firstValidTo - 2n) {
              drops.clear();
              return;
            }
            await new Promise((r) => setTimeout(r, 10));
          }
        })();
        const outcome = await landTransaction(rpc, {
          pollIntervalMs: 40,
          resendIntervalMs: 40,
          unitLimit: 1_000,
          unitPrice: 0,
          timeoutMs: 40_000,
          build: async (input) => {
            firstValidTo ??= input.lastValidBlockHeight;
            const bytes = await transfer(input, { from, lamports: 1_000_000n });
            signatures.push(encodeBase58(bytes.subarray(1, 65)));
            return bytes;
          },
        }).catch((e: unknown) => e);
        stop = true;
        await watcher;
        cluster.clearFaults();
        // Wait until every signature's status could show (lag slots past now), then count the landed ones.
        const slot = await rpc.getSlot({ commitment: 'processed' });
        while ((await rpc.getSlot({ commitment: 'processed' })) < slot + lag + 2)
          await new Promise((r) => setTimeout(r, 20));
        const statuses = (await rpc.getSignatureStatuses(signatures, { searchTransactionHistory: true })).value;
        const found = signatures.filter((_, i) => statuses[i] !== null);
        const told =
          outcome instanceof Error ? outcome.message : `landed attempt ${(outcome as { attempts: number }).attempts}`;
        expect(found.length, `found ${found.length} of ${signatures.length} signatures; ${told}`).toBeLessThanOrEqual(
          1,
        );
        if (!(outcome instanceof Error)) expect(found).toEqual([(outcome as { signature: string }).signature]);
        // The control (statuses on time): the scenario does land the first attempt, late in its life.
        if (lag === 0) expect(outcome).toMatchObject({ attempts: 1 });
      } finally {
        await cluster.close();
      }
    },
  );
});

describe('a stuck node, an abort in flight, a silent send (held); a signature refused (F3)', () => {
  it('a node stuck at one slot: timeout, the attempt sent named as pending', HANG, async () => {
    const node = await hostileNode(undefined, { step: 0 });
    try {
      const error = await landTransaction(createRpc(node.url, { retry: false }), {
        ...FAST,
        timeoutMs: 800,
        unitLimit: 1_000,
        unitPrice: 0,
        build: (input) => transfer(input),
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout', mayStillLand: true });
      expect((error as { pending: string }).pending).toBe(node.chain.sent[0]);
    } finally {
      await node.close();
    }
  });

  it('aborted after the send: aborted, the attempt sent named as pending', HANG, async () => {
    const node = await hostileNode();
    try {
      const controller = new AbortController();
      const error = await landTransaction(createRpc(node.url, { retry: false }), {
        ...FAST,
        unitLimit: 1_000,
        unitPrice: 0,
        signal: controller.signal,
        onProgress: (event) => {
          if (event.stage === 'sent') controller.abort(new Error('shutdown'));
        },
        build: (input) => transfer(input),
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'aborted', mayStillLand: true });
      expect((error as { pending: string }).pending).toBe(node.chain.sent[0]);
    } finally {
      await node.close();
    }
  });

  it('a send that is never answered: the call ends at timeoutMs, the attempt pending', HANG, async () => {
    const node = await hostileNode((method) => (method === 'sendTransaction' ? 'silent' : FALL_THROUGH));
    try {
      const started = performance.now();
      const error = await landTransaction(createRpc(node.url, { retry: false }), {
        ...FAST,
        timeoutMs: 700,
        unitLimit: 1_000,
        unitPrice: 0,
        build: (input) => transfer(input),
      }).catch((e: unknown) => e);
      const elapsed = performance.now() - started;
      expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout', mayStillLand: true });
      expect(elapsed).toBeLessThan(700 + 300);
    } finally {
      await node.close();
    }
  });

  it(
    'F3: a first send refused outright (-32003 signature verification): reported as unable to land',
    HANG,
    async () => {
      const node = await hostileNode((method) =>
        method === 'sendTransaction'
          ? { error: { code: -32003, message: 'Transaction signature verification failure' } }
          : FALL_THROUGH,
      );
      try {
        const error = await landTransaction(createRpc(node.url, { retry: false }), {
          ...FAST,
          timeoutMs: 2_000,
          unitLimit: 1_000,
          unitPrice: 0,
          build: (input) => transfer(input),
        }).catch((e: unknown) => e);
        expect(error).toMatchObject({ name: 'TransactionNotLandedError' });
        // The node refused it before forwarding it: nothing of the call can land.
        expect(error).toMatchObject({ mayStillLand: false, pending: null });
      } finally {
        await node.close();
      }
    },
  );
});
