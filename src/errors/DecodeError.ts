import { SolRpcError } from './SolRpcError.js';

/**
 * Bytes given to a decoder (`decodeTransaction`) are not what they claim to be: truncated, with
 * trailing bytes, or with a length or count that cannot be. Names the `field` being read and the byte
 * `offset` where reading failed.
 */
export class DecodeError extends SolRpcError {
  /** Always `'DecodeError'`: what `isSolRpcError(error, 'DecodeError')` checks, across duplicate installs. */
  override name = 'DecodeError' as const;
  /** What was decoding: the program's name for account data (`stake`, `spl-token`…), else the function. */
  readonly decoder: string;
  /** The field being read, as a path: `message.instructions.2.data`. */
  readonly field: string;
  /** The byte offset where reading failed. */
  readonly offset: number;

  constructor(fields: { decoder: string; field: string; offset: number; problem: string }) {
    super(`${fields.decoder}: cannot decode ${fields.field} at byte ${fields.offset}: ${fields.problem}`);
    this.decoder = fields.decoder;
    this.field = fields.field;
    this.offset = fields.offset;
  }
}
