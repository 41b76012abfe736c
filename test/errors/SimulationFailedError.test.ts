/**
 * SimulationFailedError as every solrpc error class is held to (errors.test.ts): a fixed name the guard
 * checks, the base class, the method on line 1, server text sanitised, and no client secret in any view.
 */
import { describe, expect, it } from 'vitest';
import { isSolRpcError } from '../../src/errors/isSolRpcError.js';
import { SimulationFailedError } from '../../src/errors/SimulationFailedError.js';
import { SolRpcError } from '../../src/errors/SolRpcError.js';
import { secretsOf } from '../../src/errors/secrets.js';
import { viewsOfError } from '../support/canaryScan.js';

describe('SimulationFailedError', () => {
  it('has a fixed name, the base class, and names the method on line 1', () => {
    const error = new SimulationFailedError({
      method: 'estimateComputeUnits',
      err: { InstructionError: [0, { Custom: 1 }] },
      logs: ['one'],
      unitsConsumed: 450,
      slot: 12,
      hint: 'do this',
    });
    expect(error).toBeInstanceOf(SolRpcError);
    expect(error.name).toBe('SimulationFailedError');
    expect(isSolRpcError(error)).toBe(true);
    expect(isSolRpcError(error, 'SimulationFailedError')).toBe(true);
    expect(isSolRpcError(error, 'TransactionFailedError')).toBe(false);
    expect(error.message.split('\n')).toStrictEqual([
      'estimateComputeUnits: simulation failed in slot 12 after 450 compute units: {"InstructionError":[0,{"Custom":1}]}',
      'Hint: do this',
      'Logs (last lines):',
      '  one',
    ]);
    expect([error.retryable, error.method]).toStrictEqual([false, 'estimateComputeUnits']);
  });

  it('shows the last five log lines, control characters stripped, and keeps the logs as sent', () => {
    const logs = ['one', 'two', 'three', 'four', 'five', 'six \u001b[31mred\u0007'];
    const error = new SimulationFailedError({ err: 'AccountInUse', logs, slot: 3 });
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('simulation failed in slot 3: "AccountInUse"');
    expect(lines.slice(2).map((line) => line.trim().slice(0, 3))).toStrictEqual(['two', 'thr', 'fou', 'fiv', 'six']);
    expect(error.message).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(error.logs).toStrictEqual(logs);
    expect([error.unitsConsumed, new SimulationFailedError({ err: 'AccountInUse', slot: 3 }).logs]).toStrictEqual([
      null,
      null,
    ]);
  });

  it('shows no client secret a hostile node echoes in err or logs, in any view', () => {
    const KEY = 'SimKeyR4vB81';
    secretsOf(new URL(`https://rpc.example.com/${KEY}`), []);
    const echo = `refused ${KEY} (https://user:pw@rpc.example.com/${KEY}?api-key=${KEY})`;
    const error = new SimulationFailedError({ err: { [KEY]: echo } as never, logs: [echo], slot: 1, hint: echo });
    const leaks = viewsOfError(error).filter((view) => view.text.includes(KEY) || view.text.includes('user:pw'));
    expect(leaks.filter((leak) => !['inspect', 'JSON.stringify'].includes(leak.where))).toEqual([]);
    const fields = viewsOfError(Object.fromEntries(Object.entries(error)));
    expect(fields.filter((view) => view.text.includes(KEY)).map((view) => view.where)).toEqual([]);
    expect(error.message).toContain('[redacted]');
  });
});
