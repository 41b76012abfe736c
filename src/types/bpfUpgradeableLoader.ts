/**
 * What `jsonParsed` shows for an account of the upgradeable BPF loader (loader v3), as agave's
 * `account-decoder/src/parse_bpf_loader.rs` writes it.
 * @module
 */
import type { Address } from './index.js';

/** Bytes as agave shows them inside a parsed account: base64 text and the encoding's name. */
export type Base64Data = [string, 'base64'];

/** An account of the loader that holds nothing yet. */
export interface BpfUninitialized {
  /** The account's kind. */
  type: 'uninitialized';
}

/** A buffer: program bytes being written before a deploy or an upgrade. */
export interface BpfBuffer {
  /** The account's kind. */
  type: 'buffer';
  /** Its fields. */
  info: {
    /** The key that may write to it, or `null` when none. */
    authority: Address | null;
    /** The bytes after its header. */
    data: Base64Data;
  };
}

/** A program account: it only points at the account holding its code. */
export interface BpfProgram {
  /** The account's kind. */
  type: 'program';
  /** Its fields. */
  info: {
    /** The program data account holding its code. */
    programData: Address;
  };
}

/** A program data account: the deployed code and who may upgrade it. */
export interface BpfProgramData {
  /** The account's kind. */
  type: 'programData';
  /** Its fields. */
  info: {
    /** The slot in which the program was last deployed or upgraded. */
    slot: number | bigint;
    /** The key that may upgrade it, or `null` once it is immutable. */
    authority: Address | null;
    /** The bytes after its header: the program's code. */
    data: Base64Data;
  };
}

/** An upgradeable loader account's `parsed` value. */
export type ParsedBpfUpgradeableLoader = BpfUninitialized | BpfBuffer | BpfProgram | BpfProgramData;

/** An upgradeable loader account's `data` under `jsonParsed`. */
export interface ParsedBpfUpgradeableLoaderData {
  /** The parser's name for the owner program. */
  program: 'bpf-upgradeable-loader';
  /** What the parser made of the data. */
  parsed: ParsedBpfUpgradeableLoader;
  /** The account's data length in bytes. */
  space: number;
}
