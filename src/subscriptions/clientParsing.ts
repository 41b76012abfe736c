/**
 * `parseOnClient` for the account subscriptions: notifications arrive as bytes (`base64+zstd` for
 * accountSubscribe, `base64` for programSubscribe, unless `wire` says) and are parsed here into what
 * `jsonParsed` shows. A token account's mint is read with the subscription's `rpc` (an HTTP
 * client), at the notification's slot or later; the parsers load on first use, as the reads' do.
 * @module
 */

import type { AccountParser } from '#client-parsers';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { parsesOnClient } from '../options/accountConfig.js';
import type { Account, Address, KeyedAccount, RpcResult } from '../types/index.js';
import type { PreparedSubscription } from './defineSubscription.js';

/** What a subscription that parses on the client keeps: its parser, made on first use. */
export interface ClientParsing {
  parser?: Promise<AccountParser>;
  read(addresses: Address[], minContextSlot?: number | bigint): Promise<(Account<Uint8Array> | null)[]>;
}

interface MintRpc {
  getMultipleAccounts(addresses: Address[], config: unknown): Promise<RpcResult<(Account<Uint8Array> | null)[]>>;
}

/**
 * Checks `parseOnClient` for a subscription: it needs `rpc` with `getMultipleAccounts`, to read token
 * accounts' mints. Returns what the subscription keeps, or `undefined` when it is not asked for.
 */
export function prepareClientParsing(
  method: string,
  config: Record<string, unknown>,
  rpc: unknown,
): ClientParsing | undefined {
  if (!parsesOnClient(config)) return undefined;
  if (rpc === undefined) {
    throw new InvalidInputError({
      method,
      param: 'config.rpc',
      problem:
        "parseOnClient needs an HTTP client (createRpc(httpUrl)) to read token accounts' mints, as the node does",
    });
  }
  const client = rpc as MintRpc;
  if (typeof client !== 'object' || client === null || typeof client.getMultipleAccounts !== 'function') {
    const problem =
      "expected a solrpc client with getMultipleAccounts (createRpc(httpUrl)) to read token accounts' mints";
    throw new InvalidInputError({ method, param: 'config.rpc', problem });
  }
  const { commitment } = config;
  return {
    read: async (addresses, minContextSlot) =>
      (await client.getMultipleAccounts(addresses, { encoding: 'base64', commitment, minContextSlot })).value,
  };
}

/** Parses accounts of a notification or a resync read in place, when the subscription parses on the client. */
export async function parseNotified(
  prepared: PreparedSubscription & { clientParsing?: ClientParsing },
  list: readonly KeyedAccount<unknown>[],
  slot: number | bigint,
): Promise<void> {
  const parsing = prepared.clientParsing;
  if (parsing === undefined) return;
  parsing.parser ??= import('#client-parsers').then(({ AccountParser }) => new AccountParser(parsing.read));
  await (await parsing.parser).parse(list, slot);
}
