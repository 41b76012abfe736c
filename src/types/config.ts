/**
 * What `jsonParsed` shows for an account of the config program, as agave's
 * `account-decoder/src/parse_config.rs` writes it: only validator info accounts are parsed.
 * @module
 */
import type { Address } from './index.js';

/** A JSON value as the exact JSON parser reads it: integers beyond 2^53 as `bigint`. */
export type JsonValue = null | boolean | number | bigint | string | JsonValue[] | { [key: string]: JsonValue };

/** One key a config account lists. */
export interface ConfigKey {
  /** The key. */
  pubkey: Address;
  /** Whether it must sign to change the account. */
  signer: boolean;
}

/** A validator's published identity (`solana validator-info publish`). */
export interface ValidatorInfo {
  /** The account's kind. */
  type: 'validatorInfo';
  /** Its fields. */
  info: {
    /** The config keys: the validator-info marker key first, then the validator's identity (a signer). */
    keys: ConfigKey[];
    /** The info as the validator wrote it (`name`, `website`, `details`, `iconUrl`…): any JSON value. */
    configData: JsonValue;
  };
}

/**
 * The stake program's old config account. Current agave no longer parses it; older nodes did, so a
 * response may still hold it.
 */
export interface StakeConfig {
  /** The account's kind. */
  type: 'stakeConfig';
  /** Its fields. */
  info: {
    /** The fraction of stake that may warm up or cool down per epoch. */
    warmupCooldownRate: number;
    /** The slash penalty, in percent. */
    slashPenalty: number;
  };
}

/** A config account's `parsed` value. */
export type ParsedConfig = ValidatorInfo | StakeConfig;

/** A config account's `data` under `jsonParsed`. */
export interface ParsedConfigData {
  /** The parser's name for the owner program. */
  program: 'config';
  /** What the parser made of the data. */
  parsed: ParsedConfig;
  /** The account's data length in bytes. */
  space: number;
}
