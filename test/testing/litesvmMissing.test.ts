/**
 * `litesvm: true` without the optional peer dependency installed: an InvalidInputError naming
 * `options.litesvm` and how to install it, not a plain Error. The package is mocked away here (it is
 * installed for the project's own LiteSVM tests): importing it fails as a missing package does.
 */
import { describe, expect, it, vi } from 'vitest';
import { isSolRpcError } from '../../src/index.js';
import { startSimulatedCluster } from '../../src/testing/simulatedCluster.js';

vi.mock('litesvm', () => {
  throw new Error("Cannot find package 'litesvm'");
});

describe('litesvm: true without the package', () => {
  it('is refused with an InvalidInputError naming options.litesvm', async () => {
    const error = await startSimulatedCluster({ litesvm: true }).catch((e: unknown) => e);
    expect(isSolRpcError(error, 'InvalidInputError') && error.param).toBe('options.litesvm');
    expect((error as Error).message).toContain('npm install --save-dev litesvm');
  });
});
