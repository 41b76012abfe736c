import type { AccountInfoResult, ParsedAccountInfoResult } from '../../methods/getAccountInfo.js';
import { getAccountInfo } from '../../methods/getAccountInfo.js';
import { type AccountShape, type ClientParsingConfig, prepareAccountConfig } from '../../options/accountConfig.js';
import { checkAddress, checkArity } from '../../options/check.js';
import type { AccountEncoding, Address, BinaryEncoding, Commitment, DataSlice } from '../../types/index.js';
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

/** Options of `accountSubscribe`. */
export interface AccountSubscribeConfig extends ClientParsingConfig {
  /** How the account's data is sent; decoded as `getAccountInfo` decodes it. Default `'base64'`. */
  encoding?: AccountEncoding;
  /** Only part of the data. Not applied to parsed data. */
  dataSlice?: DataSlice;
  /** Notify at this commitment. Default: the node's, `finalized`. */
  commitment?: Commitment;
  /** Ends the iterator (with an `AbortError`) and unsubscribes. */
  signal?: AbortSignal;
  /**
   * A client over HTTP (`createRpc(httpUrl)`): after each reconnect the account is read with it, so a
   * change made while the socket was down is not missed; an account closed meanwhile comes as the node
   * notifies a closed one (0 lamports, the system program as owner, no data). A read not newer than the
   * last notification is dropped; one more than 128 slots beyond it (and a slot per 10 ms since) is
   * refused, a lie a later notification exposes ends the iterator (`ValidationError`): docs/subscriptions.md.
   */
  rpc?: {
    /** The method the read uses: any solrpc client has it. */
    getAccountInfo: unknown;
  };
}

/** A config asking for parsed data. */
export interface AccountSubscribeParsedConfig extends AccountSubscribeConfig {
  encoding: 'jsonParsed';
}

/** A config asking for bytes (`base64` when no encoding is given). */
export interface AccountSubscribeBinaryConfig extends AccountSubscribeConfig {
  encoding?: BinaryEncoding;
}

/** An account's new state as bytes, and the slot it changed at. */
export type AccountNotification = { [K in keyof AccountInfoResult]: NonNullable<AccountInfoResult[K]> };

/** An account's new state with parsed data (bytes where the node has no parser), and the slot. */
export type ParsedAccountNotification = {
  [K in keyof ParsedAccountInfoResult]: NonNullable<ParsedAccountInfoResult[K]>;
};

/** Follows one account. Overloads narrow `data` by `encoding`, as `getAccountInfo`'s do. */
export interface AccountSubscribe {
  /**
   * Each change of the account, with its data parsed by the node where it has a parser. A slow consumer
   * sees only the latest state.
   * @example
   * for await (const { value } of subs.accountSubscribe(tokenAccount, { encoding: 'jsonParsed' })) {
   *   console.log(value.lamports);
   * }
   */
  (address: Address, config: AccountSubscribeParsedConfig): NotificationIterator<ParsedAccountNotification>;
  /**
   * Each change of the account, its data as bytes (`base64` by default, `base64+zstd` decompressed here).
   * @example
   * for await (const { context, value } of subs.accountSubscribe(address, { commitment: 'confirmed' })) {
   *   console.log(context.slot, value.lamports, value.data.length);
   * }
   */
  (address: Address, config?: AccountSubscribeBinaryConfig): NotificationIterator<AccountNotification>;
  /**
   * With an encoding known only at run time.
   * @example
   * const config: AccountSubscribeConfig = { encoding: userChoice };
   * for await (const { value } of subs.accountSubscribe(address, config)) console.log(value.owner);
   */
  (address: Address, config?: AccountSubscribeConfig): NotificationIterator<ParsedAccountNotification>;
}

const METHOD = 'accountSubscribe';

/** What an account subscription keeps besides its params: the client-side parser, when it parses. */
interface PreparedAccount extends PreparedSubscription<AccountShape> {
  clientParsing?: ClientParsing;
}

/** `accountSubscribe`: one account's changes. */
export const accountSubscribe = /* @__PURE__ */ defineSubscription<AccountSubscribe, AccountShape>({
  name: METHOD,
  policy: 'latest',
  prepare(args) {
    checkArity(METHOD, args, 2);
    const address = checkAddress(METHOD, 'address', args[0]);
    const { given, signal } = prepareSubscriptionConfig(METHOD, {}, args[1], [
      'encoding',
      'dataSlice',
      'commitment',
      'rpc',
      'parseOnClient',
    ]);
    const { rpc, signal: _signal, ...rest } = given;
    const { wire, ready, shape } = prepareAccountConfig(METHOD, rest, 'base64+zstd');
    const clientParsing = prepareClientParsing(METHOD, rest, rpc);
    const resyncRpc = checkResyncRpc(METHOD, rpc, 'getAccountInfo');
    return { params: [address, wire], signal, ready, shape, rpc: resyncRpc, clientParsing } as PreparedAccount;
  },
  async decode(result, context, prepared) {
    const value = (await getAccountInfo.decode(result, context, prepared)) as AccountNotification;
    noteSocketSlot(prepared, value.context.slot, METHOD);
    await parseNotified(
      prepared as PreparedAccount,
      [{ pubkey: prepared.params[0] as Address, account: value.value }],
      value.context.slot,
    );
    return value;
  },
  slotOf: (value) => (value as AccountNotification).context.slot,
  async resync(prepared, signal) {
    const [address, wire] = prepared.params as [string, Record<string, unknown>];
    const rpc = prepared.rpc as { getAccountInfo(address: string, config: unknown): Promise<AccountInfoResult> };
    const { context, value } = await readBack(() => rpc.getAccountInfo(address, { ...wire, signal }), signal);
    checkReadSlot(prepared, context.slot, 'getAccountInfo');
    if (value) await parseNotified(prepared as PreparedAccount, [{ pubkey: address, account: value }], context.slot);
    // Gone (closed while the socket was down): delivered as the node notifies a closed account, so a loop
    // waiting for 0 lamports ends. Not newer than what was delivered, it is dropped as any read is.
    return [{ context, value: value ?? closedAccount() }];
  },
});
