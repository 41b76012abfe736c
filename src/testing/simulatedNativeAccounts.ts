/**
 * The cast's accounts of the native programs beside stakes and sysvars: a durable nonce, an address
 * lookup table, the validators' published info, the stake config, and an upgradeable program with its
 * program data. Fixed in the past of the simulation's epoch (at genesis on a cluster younger than that),
 * so a young cluster holds them too.
 */
import { lookupTableBytes } from './accountBytes/addressLookupTable.js';
import { stakeConfigBytes, type ValidatorInfoFields, validatorInfoBytes } from './accountBytes/config.js';
import { durableNonceOf, nonceAccountBytes } from './accountBytes/nonce.js';
import { programAccountBytes, programDataBytes } from './accountBytes/upgradeableLoader.js';
import { concatBytes } from './bytes.js';
import { sha256 } from './hash.js';
import { LAMPORTS_PER_SIGNATURE } from './ledger/fees.js';
import { rentExemptMinimum } from './ledger/rent.js';
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM,
  BPF_UPGRADEABLE_LOADER,
  CONFIG_PROGRAM,
  SIMULATION,
  STAKE_CONFIG,
  SYSTEM_PROGRAM,
  simulatedAddress,
  TOKEN_PROGRAM,
} from './simulationCast.js';

/** What `solana validator-info publish` stored for each validator that published (epsilon did not). */
const VALIDATOR_INFO: Record<string, ValidatorInfoFields> = {
  alpha: {
    name: 'Alpha Validator',
    website: 'https://alpha.example.com',
    details: 'Runs the RPC node of the simulated cluster.',
    keybaseUsername: 'alphavalidator',
  },
  beta: { name: 'Beta Staking', website: 'https://beta.example.org' },
  gamma: { name: 'Gamma', details: 'A small validator with little stake.' },
  delta: { name: 'Delta (delinquent)', keybaseUsername: 'deltanode' },
};

/** The addresses the lookup table holds: the cast's wallet, token accounts, programs and a vote account. */
const LOOKUP_TABLE_ADDRESSES = [
  SIMULATION.wallet.address,
  SIMULATION.delegate,
  SIMULATION.mint,
  SIMULATION.tokenAccount,
  TOKEN_PROGRAM,
  SYSTEM_PROGRAM,
  (SIMULATION.validators[0] as { vote: string }).vote,
];

/**
 * A slot `back` before the simulation's first; genesis (slot 0) on a cluster younger than that, so the
 * account is the same in every bank.
 */
const pastSlot = (back: number, bankSlot: number) =>
  SIMULATION.firstSlot - back <= bankSlot ? SIMULATION.firstSlot - back : 0;

/** The program's ELF: a 64-bit little-endian eBPF shared object header, then bytes standing for its code. */
function programElf(): Uint8Array {
  const header = new Uint8Array(64);
  header.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  header[16] = 3; // ET_DYN
  header[18] = 247; // EM_BPF
  header[20] = 1; // EV_CURRENT
  const code = concatBytes([sha256('solrpc-simulation:program/code/0'), sha256('solrpc-simulation:program/code/1')]);
  return concatBytes([header, code]);
}

export const NATIVE_CAST_ADDRESSES: readonly string[] = [
  SIMULATION.nonce,
  SIMULATION.lookupTable,
  ...SIMULATION.validators.filter((v) => VALIDATOR_INFO[v.name]).map((v) => v.info),
  STAKE_CONFIG,
  SIMULATION.program.address,
  SIMULATION.program.programData,
];

function nativeBytes(address: string, bankSlot: number): { bytes: Uint8Array; owner: string } | undefined {
  if (address === SIMULATION.nonce) {
    const blockhash = simulatedAddress(`blockhash/${pastSlot(20, bankSlot)}`);
    return {
      bytes: nonceAccountBytes(SIMULATION.wallet.address, durableNonceOf(blockhash), LAMPORTS_PER_SIGNATURE),
      owner: SYSTEM_PROGRAM,
    };
  }
  if (address === SIMULATION.lookupTable) {
    const bytes = lookupTableBytes({
      deactivationSlot: 18_446_744_073_709_551_615n,
      lastExtendedSlot: BigInt(pastSlot(50, bankSlot)),
      // Extended twice: the wallet's three first, then the rest.
      lastExtendedSlotStartIndex: 3,
      authority: SIMULATION.wallet.address,
      addresses: LOOKUP_TABLE_ADDRESSES,
    });
    return { bytes, owner: ADDRESS_LOOKUP_TABLE_PROGRAM };
  }
  const publisher = SIMULATION.validators.find((v) => v.info === address);
  const info = publisher && VALIDATOR_INFO[publisher.name];
  if (publisher && info) return { bytes: validatorInfoBytes(publisher.identity, info), owner: CONFIG_PROGRAM };
  if (address === STAKE_CONFIG) return { bytes: stakeConfigBytes(0.25, 12), owner: CONFIG_PROGRAM };
  if (address === SIMULATION.program.programData) {
    const bytes = programDataBytes(pastSlot(1_000, bankSlot), SIMULATION.program.authority, programElf());
    return { bytes, owner: BPF_UPGRADEABLE_LOADER };
  }
  return undefined;
}

/** The account at `address` among these, in the bank of `bankSlot`; each holds its rent-exempt minimum. */
export function castNativeAccount(address: string, bankSlot: number) {
  if (address === SIMULATION.program.address) {
    const bytes = programAccountBytes(SIMULATION.program.programData);
    return { bytes, owner: BPF_UPGRADEABLE_LOADER, lamports: rentExemptMinimum(bytes.length), executable: true };
  }
  const found = nativeBytes(address, bankSlot);
  return found && { ...found, lamports: rentExemptMinimum(found.bytes.length) };
}
