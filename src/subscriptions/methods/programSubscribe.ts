import { decodeAccount, decodeAccountResult } from '../../decoders/account.js';
import type { ParsedAccountData } from '../../methods/getAccountInfo.js';
import { type AccountShape, type ClientParsingConfig, prepareAccountConfig } from '../../options/accountConfig.js';
import { checkAddress, checkArity } from '../../options/check.js';
import { checkProgramFilters, type ProgramAccountsFilter } from '../../options/programFilters.js';
import { binaryAccount, parsedAccount } from '../../schemas/account.js';
import { address as addressSchema } from '../../schemas/address.js';
import { decodeContext, rpcContext } from '../../schemas/context.js';
import { memo } from '../../schemas/memo.js';
import { type } from '../../schemas/struct.js';
import type {
  Account,
  AccountEncoding,
  Address,
  BinaryEncoding,
  Commitment,
  DataSlice,
  KeyedAccount,
  RpcResult,
} from '../../types/index.js';
import { type ClientParsing, parseNotified, prepareClientParsing } from '../clientParsing.js';
import { closedAccount } from '../closedAccount.js';
import {
  checkResyncRpc,
  defineSubscription,
  type PreparedSubscription,
  prepareSubscriptionConfig,
  readBack,
} from '../defineSubscription.js';
import { checkReadSlot, noteSocketSlot } from '../resyncSlot.js';
import type { NotificationIterator } from '../stream.js';

/** Options of `programSubscribe`. */
export interface ProgramSubscribeConfig extends ClientParsingConfig {
  /** How account data is sent; decoded as `getProgramAccounts` decodes it. Default `'base64'`. */
  encoding?: AccountEncoding;
  /** Only part of the data. Not applied to parsed data. */
  dataSlice?: DataSlice;
  /** At most 4, as `getProgramAccounts` takes them; an account must pass all of them. */
  filters?: readonly ProgramAccountsFilter[];
  /** Notify at this commitment. Default: the node's, `finalized`. */
  commitment?: Commitment;
  /** Ends the iterator (with an `AbortError`) and unsubscribes. */
  signal?: AbortSignal;
  /**
   * A client over HTTP (`createRpc(httpUrl)`): after each reconnect the program's accounts are read with
   * `getProgramAccounts`, so a change made while the socket was down is not missed. An account delivered
   * before (one of the last 10,000) that this read no longer lists is read with `getMultipleAccounts` and
   * delivered once as it is now: closed (0 lamports, the system program as owner, no data), or under
   * another owner, or with data the filters no longer pass. A read not newer than an account's last
   * notification is dropped; one more than 128 slots beyond the newest notification (and a slot per 10 ms
   * since) is refused, a lie a later notification exposes ends the iterator (`ValidationError`).
   */
  rpc?: {
    /** The method the read uses: any solrpc client has it. */
    getProgramAccounts: unknown;
  };
}

/** A config asking for parsed data. */
export interface ProgramSubscribeParsedConfig extends ProgramSubscribeConfig {
  encoding: 'jsonParsed';
}

/** A config asking for bytes (`base64` when no encoding is given). */
export interface ProgramSubscribeBinaryConfig extends ProgramSubscribeConfig {
  encoding?: BinaryEncoding;
}

/** A program account's new state as bytes, and the slot it changed at. */
export interface ProgramNotification extends RpcResult<KeyedAccount<Uint8Array>> {}

/** A program account's new state with parsed data (bytes where the node has no parser), and the slot. */
export interface ParsedProgramNotification extends RpcResult<KeyedAccount<ParsedAccountData | Uint8Array>> {}

/** Follows the accounts a program owns. Overloads narrow `data` by `encoding`. */
export interface ProgramSubscribe {
  /**
   * Each change of an account the program owns that passes the filters, its data parsed where the node
   * has a parser. A slow consumer sees the latest state of each account (of up to `queueSize` accounts).
   * @example
   * for await (const { value } of subs.programSubscribe(TOKEN_PROGRAM, { encoding: 'jsonParsed' })) {
   *   console.log(value.pubkey, value.account.data);
   * }
   */
  (programId: Address, config: ProgramSubscribeParsedConfig): NotificationIterator<ParsedProgramNotification>;
  /**
   * Each change of an account the program owns that passes the filters, its data as bytes.
   * @example
   * const filters = [{ dataSize: 165 }];
   * for await (const { value } of subs.programSubscribe(TOKEN_PROGRAM, { filters })) console.log(value.pubkey);
   */
  (programId: Address, config?: ProgramSubscribeBinaryConfig): NotificationIterator<ProgramNotification>;
  /**
   * With an encoding known only at run time.
   * @example
   * const config: ProgramSubscribeConfig = { encoding: userChoice };
   * for await (const { value } of subs.programSubscribe(program, config)) console.log(value.pubkey);
   */
  (programId: Address, config?: ProgramSubscribeConfig): NotificationIterator<ParsedProgramNotification>;
}

const binary = /* @__PURE__ */ memo(() =>
  type({ context: rpcContext(), value: type({ pubkey: addressSchema(), account: binaryAccount() }) }),
);
const parsed = /* @__PURE__ */ memo(() =>
  type({ context: rpcContext(), value: type({ pubkey: addressSchema(), account: parsedAccount() }) }),
);

const METHOD = 'programSubscribe';

/** A program subscription's prepared request, with what its resyncs have reported gone. */
interface PreparedProgram extends PreparedSubscription<AccountShape> {
  /**
   * Accounts reported gone (no longer in the program's read) since they were last seen: not read back
   * again until a notification or a read shows them. At most the keys delivered (`REMEMBERED_KEYS`).
   */
  gone: Set<string>;
  /** The client-side parser, when the subscription parses on the client. */
  clientParsing?: ClientParsing;
}

/** What a resync calls: any solrpc client has both; without `getMultipleAccounts` no departure is reported. */
interface ResyncRpc {
  getProgramAccounts(programId: string, config: unknown): Promise<RpcResult<KeyedAccount<unknown>[]>>;
  getMultipleAccounts?(addresses: string[], config: unknown): Promise<RpcResult<(Account<unknown> | null)[]>>;
}

/** `programSubscribe`: changes of the accounts a program owns. */
export const programSubscribe = /* @__PURE__ */ defineSubscription<ProgramSubscribe, AccountShape>({
  name: METHOD,
  policy: 'latestByKey',
  prepare(args) {
    checkArity(METHOD, args, 2);
    const programId = checkAddress(METHOD, 'programId', args[0]);
    const { given, signal } = prepareSubscriptionConfig(METHOD, {}, args[1], [
      'encoding',
      'dataSlice',
      'filters',
      'commitment',
      'rpc',
      'parseOnClient',
    ]);
    const { rpc, filters, signal: _signal, ...rest } = given;
    const { wire, ready, shape } = prepareAccountConfig(METHOD, rest, 'base64');
    if (filters !== undefined) wire.filters = checkProgramFilters(METHOD, 'config.filters', filters);
    const prepared: PreparedProgram = {
      params: [programId, wire],
      signal,
      ready,
      shape,
      rpc: checkResyncRpc(METHOD, rpc, 'getProgramAccounts'),
      gone: new Set(),
      clientParsing: prepareClientParsing(METHOD, rest, rpc),
    };
    return prepared;
  },
  async decode(result, context, prepared) {
    const notification = (await decodeAccountResult(result, context, prepared.shape, { parsed, binary }, (checked) => {
      // Notified, so back in the program: a later resync reads it back if it leaves again.
      (prepared as PreparedProgram).gone.delete(checked.value.pubkey);
      noteSocketSlot(prepared, checked.context.slot, METHOD);
      return {
        context: decodeContext(checked.context),
        value: {
          pubkey: checked.value.pubkey,
          account: decodeAccount(checked.value.account as never, context, 'result.value.account'),
        },
      };
    })) as ProgramNotification;
    await parseNotified(prepared as PreparedProgram, [notification.value], notification.context.slot);
    return notification;
  },
  keyOf: (value) => (value as ProgramNotification).value.pubkey,
  slotOf: (value) => (value as ProgramNotification).context.slot,
  async resync(prepared, signal, delivered) {
    const [programId, wire] = prepared.params as [string, Record<string, unknown>];
    const { gone } = prepared as PreparedProgram;
    const rpc = prepared.rpc as ResyncRpc;
    const { context, value } = await readBack(
      () => rpc.getProgramAccounts(programId, { ...wire, withContext: true, signal }),
      signal,
    );
    checkReadSlot(prepared, context.slot, 'getProgramAccounts');
    await parseNotified(prepared as PreparedProgram, value, context.slot);
    const notifications: ProgramNotification[] = value.map((keyed) => ({ context, value: keyed as never }));
    const listed = new Set(value.map((keyed) => keyed.pubkey));
    for (const key of gone) if (listed.has(key) || !delivered.has(key)) gone.delete(key);
    // agave never notifies an account leaving a program (a closed account is stored as the system's), so
    // the read cannot show it either: what was delivered and is not listed is read on its own.
    const missing = [...delivered.keys()].filter((key) => !listed.has(key) && !gone.has(key));
    if (missing.length === 0 || typeof rpc.getMultipleAccounts !== 'function') return notifications;
    const { filters: _filters, ...accountWire } = wire;
    let read: RpcResult<(Account<unknown> | null)[]>;
    try {
      const readMissing = rpc.getMultipleAccounts.bind(rpc);
      read = await readBack(() => readMissing(missing, { ...accountWire, signal }), signal);
      checkReadSlot(prepared, read.context.slot, 'getMultipleAccounts');
      const accounts = read.value.flatMap((account, i) => (account ? [{ pubkey: missing[i] as string, account }] : []));
      await parseNotified(prepared as PreparedProgram, accounts, read.context.slot);
    } catch (error) {
      if (signal.aborted) throw error;
      // The program's read stands; the departures are read again at the next reconnect.
      return notifications;
    }
    // One state per address asked, in order, or none is trusted.
    if (read.value.length !== missing.length) return notifications;
    missing.forEach((pubkey, index) => {
      const account = (read.value[index] ?? closedAccount()) as never;
      notifications.push({ context: read.context, value: { pubkey, account } });
      // Reported once; unless it is no newer than what was delivered, and will be dropped: then read again.
      if (read.context.slot > (delivered.get(pubkey) ?? -1)) gone.add(pubkey);
    });
    return notifications;
  },
});
