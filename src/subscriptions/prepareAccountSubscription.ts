import { type AccountShape, prepareAccountConfig } from '../options/accountConfig.js';
import { checkAddress, checkArity } from '../options/check.js';
import { checkResyncRpc, prepareSubscriptionConfig } from './defineSubscription.js';

/**
 * The request of an account or program subscription: the address, checked, and the account config with
 * its encoding written out (as `getAccountInfo` sends it), `signal`, and the `rpc` that resyncs over HTTP
 * with `reads` (`getAccountInfo` or `getProgramAccounts`). `extra` are the method's own options, returned
 * unchecked in `rest` for it to check (programSubscribe's `filters`).
 */
export function prepareAccountSubscription(
  method: string,
  args: readonly unknown[],
  addressParam: string,
  reads: string,
  extra: readonly string[] = [],
) {
  checkArity(method, args, 2);
  const address = checkAddress(method, addressParam, args[0]);
  const { given, signal } = prepareSubscriptionConfig(method, {}, args[1], [
    'encoding',
    'dataSlice',
    ...extra,
    'commitment',
    'rpc',
  ]);
  const { rpc, signal: _signal, ...config } = given;
  const own: Record<string, unknown> = {};
  for (const key of extra) {
    own[key] = config[key];
    delete config[key];
  }
  const { wire, ready, shape } = prepareAccountConfig(method, config);
  return {
    address,
    wire,
    own,
    prepared: { signal, ready, shape: shape as AccountShape, rpc: checkResyncRpc(method, rpc, reads) },
  };
}
