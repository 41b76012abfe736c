import { decodeBase64 } from '../codecs/base64.js';
import { decodeAccount, withZstd } from '../decoders/account.js';
import { decodeSimulationOutcome } from '../decoders/simulation.js';
import { callMethod, defineCustomMethod } from '../defineMethod.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { type AccountShape, zstdReady } from '../options/accountConfig.js';
import { checkAddress, checkArity, checkConfig, describe } from '../options/check.js';
import { commitment, flag, minContextSlot, oneOf, prepareConfig } from '../options/config.js';
import {
  checkWireTransaction,
  readTransactionLayout,
  type TransactionTextEncoding,
  transactionEncoding,
} from '../options/wireTransaction.js';
import { binaryAccount, parsedAccount } from '../schemas/account.js';
import { loadParsedSchemas } from '../schemas/accountData.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { simulationValue } from '../schemas/simulation.js';
import { type } from '../schemas/struct.js';
import { validateResult } from '../schemas/validate.js';
import type { Address, CallOptions, Commitment, ReadonlyUint8Array, RpcResult } from '../types/index.js';
import type { SimulationValue } from '../types/simulation.js';
import type { ParsedAccountData } from './getAccountInfo.js';

// 1. Config

/** The accounts a simulation returns, as they would be after the transaction. */
export interface SimulateAccountsConfig {
  /** The accounts to return, base58; at most as many as the transaction has keys. */
  addresses: Address[];
  /** How their data is encoded: `'base64'` (default), `'base64+zstd'` or `'jsonParsed'`; agave refuses base58 here. */
  encoding?: 'base64' | 'base64+zstd' | 'jsonParsed';
}

/** Options of `simulateTransaction`. */
export interface SimulateTransactionConfig extends CallOptions {
  /** How `transaction` is written when it is text: `'base64'` (default) or `'base58'`. solrpc sends base64 either way. */
  encoding?: TransactionTextEncoding;
  /** Verify the signatures too (then the transaction must be signed). Default `false`; not with `replaceRecentBlockhash`. */
  sigVerify?: boolean;
  /** Simulate with the node's latest blockhash in place of the transaction's. Default `false`; not with `sigVerify`. */
  replaceRecentBlockhash?: boolean;
  /** The bank to simulate against. The node's default: `finalized`. */
  commitment?: Commitment;
  /** Fail with -32016 unless the node has reached this slot. */
  minContextSlot?: number | bigint;
  /** Return the inner (CPI) instructions the transaction would run. Default `false`. */
  innerInstructions?: boolean;
  /** Accounts to return as they would be after the transaction. */
  accounts?: SimulateAccountsConfig;
}

/** Accounts asked for with parsed data. */
export interface SimulateParsedAccountsConfig extends SimulateAccountsConfig {
  /** Parsed where the node has a parser for the owner program, bytes otherwise. */
  encoding: 'jsonParsed';
}

/** Accounts asked for as bytes. */
export interface SimulateBinaryAccountsConfig extends SimulateAccountsConfig {
  /** `'base64'` (default) or `'base64+zstd'` (decompressed here). */
  encoding?: 'base64' | 'base64+zstd';
}

/** A config asking for accounts with parsed data. */
export interface SimulateTransactionParsedConfig extends SimulateTransactionConfig {
  accounts: SimulateParsedAccountsConfig;
}

/** A config asking for accounts as bytes (`base64` when no encoding is given), or for none. */
export interface SimulateTransactionBinaryConfig extends SimulateTransactionConfig {
  accounts?: SimulateBinaryAccountsConfig;
}

// 2. Results

/** A simulation whose accounts carry their data as bytes. */
export interface SimulateTransactionResult extends RpcResult<SimulationValue<Uint8Array>> {}

/** A simulation whose accounts carry parsed data (bytes where the node had no parser). */
export interface ParsedSimulateTransactionResult extends RpcResult<SimulationValue<ParsedAccountData | Uint8Array>> {}

// 3. Signature

/** Runs a transaction against a bank without sending it. Overloads narrow the accounts' `data` by encoding. */
export interface SimulateTransaction {
  /**
   * Simulates and returns the accounts asked for with their data parsed where the node has a parser.
   * @example
   * const { value } = await rpc.simulateTransaction(bytes, {
   *   accounts: { addresses: [tokenAccount], encoding: 'jsonParsed' },
   * });
   */
  (
    transaction: ReadonlyUint8Array | string,
    config: SimulateTransactionParsedConfig,
  ): Promise<ParsedSimulateTransactionResult>;
  /**
   * Simulates; the accounts asked for carry their data as bytes. A failed simulation resolves (check
   * `value.err`) with one `null` per account asked for.
   * @example
   * const { value } = await rpc.simulateTransaction(bytes, { replaceRecentBlockhash: true });
   * if (value.err) console.log(value.err, value.logs);
   * else console.log(`${value.unitsConsumed} compute units`);
   */
  (
    transaction: ReadonlyUint8Array | string,
    config?: SimulateTransactionBinaryConfig,
  ): Promise<SimulateTransactionResult>;
  /**
   * Simulates with an accounts encoding known only at run time.
   * @example
   * const config: SimulateTransactionConfig = { accounts: { addresses, encoding: userChoice } };
   * const { value } = await rpc.simulateTransaction(bytes, config);
   */
  (
    transaction: ReadonlyUint8Array | string,
    config?: SimulateTransactionConfig,
  ): Promise<ParsedSimulateTransactionResult>;
}

// 4. Wire schema and config checks

const binaryResult = /* @__PURE__ */ memo(() =>
  type({ context: rpcContext(), value: simulationValue(binaryAccount()) }),
);
const parsedResult = /* @__PURE__ */ memo(() =>
  type({ context: rpcContext(), value: simulationValue(parsedAccount()) }),
);

const accountsEncoding = /* @__PURE__ */ oneOf(['base64', 'base64+zstd', 'jsonParsed']);

/** `accounts`: `{ addresses, encoding? }`, always sent with an explicit encoding. */
function accounts(method: string, param: string, value: unknown) {
  const given = checkConfig(method, param, value, ['addresses', 'encoding']);
  const { addresses, encoding = 'base64' } = given;
  if (!Array.isArray(addresses)) {
    throw new InvalidInputError({
      method,
      param: `${param}.addresses`,
      problem: `expected an array of addresses, got ${describe(addresses)}`,
    });
  }
  return {
    addresses: addresses.map((key, i) => checkAddress(method, `${param}.addresses.${i}`, key)),
    encoding: accountsEncoding(method, `${param}.encoding`, encoding),
  };
}

const OPTIONS = {
  encoding: transactionEncoding,
  sigVerify: flag,
  replaceRecentBlockhash: flag,
  commitment,
  minContextSlot,
  innerInstructions: flag,
  accounts,
};

// 5. Definition

/** `simulateTransaction`: runs a transaction against a bank without sending it. */
export const simulateTransaction = /* @__PURE__ */ defineCustomMethod<SimulateTransaction, AccountShape>({
  name: 'simulateTransaction',
  prepare(args, method) {
    checkArity(method, args, 2);
    const { wire, options } = prepareConfig(method, OPTIONS, args[1]);
    const { encoding, ...rest } = wire;
    if (rest.sigVerify === true && rest.replaceRecentBlockhash === true) {
      throw new InvalidInputError({
        method,
        param: 'config.replaceRecentBlockhash',
        problem: 'not with sigVerify: a replaced blockhash breaks every signature',
      });
    }
    const transaction = checkWireTransaction(method, args[0], encoding as TransactionTextEncoding);
    const accountEncoding = (rest.accounts as { encoding: string } | undefined)?.encoding;
    return {
      params: [transaction, { encoding: 'base64', ...rest }],
      options,
      ready: zstdReady(method, accountEncoding),
      shape: accountEncoding === 'jsonParsed' ? 'parsed' : 'binary',
    };
  },
  // Every check `prepare` makes, then the transaction's layout (and its signatures with `sigVerify`), by a
  // module loaded with the first transaction (options/wireTransaction.ts), and only then the request.
  async run(definition, transport, args, context) {
    const [transaction, config] = definition.prepare(args).params as [string, { sigVerify?: boolean }];
    await readTransactionLayout(definition.name, decodeBase64(transaction) as Uint8Array, config.sigVerify === true);
    return callMethod(definition, transport, args, context);
  },
  decode: (result, context, prepared) => {
    // Parsed accounts are checked by their programs' schemas, loaded with the first parsed answer.
    const ready = prepared.shape === 'parsed' ? loadParsedSchemas() : Promise.resolve();
    return ready.then(() =>
      withZstd(() => {
        const checked = validateResult(
          context.method,
          result,
          prepared.shape === 'parsed' ? parsedResult() : binaryResult(),
        );
        const { value } = checked;
        return {
          context: decodeContext(checked.context),
          value: {
            ...decodeSimulationOutcome(context.method, value, 'result.value'),
            accounts: value.accounts
              ? value.accounts.map((account, i) =>
                  account == null ? null : decodeAccount(account, context, `result.value.accounts.${i}`),
                )
              : null,
          },
        };
      }),
    );
  },
});
