/**
 * The jsonParsed view of an account the cluster serves, from the library's own `parseAccountData`: what
 * agave's account-decoder makes of the bytes, or `undefined` where the node falls back to base64 (no
 * parser for the owner, or bytes its parser refuses). One parser for the client and the cluster, so the
 * cluster's jsonParsed is agave's wherever solrpc's parser is.
 */
import { parseAccountData } from '../decoders/parseAccountData.js';
import { DecodeError } from '../errors/DecodeError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';

/** What a token account's view needs beyond its bytes: its mint's bytes (decimals and rate configuration). */
export interface ParsedViewContext {
  mint?: Uint8Array;
  /** The decimals when there are no mint bytes (the native mint, which the bank need not hold). */
  decimals?: number;
  /** The bank's clock, for the amounts of interest-bearing and scaled-UI-amount mints. */
  unixTimestamp?: number;
}

export function parsedView(
  bytes: Uint8Array,
  owner: string,
  address: string,
  context: ParsedViewContext = {},
): unknown {
  try {
    return parseAccountData(bytes, { owner, address, ...context }) ?? undefined;
  } catch (error) {
    // agave's parse_account_data failing (bytes refused, or a token account whose mint the bank does not
    // hold, so no decimals): the node sends base64 instead.
    if (error instanceof DecodeError || error instanceof InvalidInputError) return undefined;
    throw error;
  }
}
