import { SolRpcError } from './SolRpcError.js';

/** A bad argument, refused before any request was sent. `param` names it (`address`, `config.encoding`). */
export class InvalidInputError extends SolRpcError {
  /** Always `'InvalidInputError'`: what `isSolRpcError(error, 'InvalidInputError')` checks, across duplicate installs. */
  override name = 'InvalidInputError' as const;
  /** The parameter at fault, as a path from the method's arguments. */
  readonly param: string;

  constructor(fields: { method?: string; param: string; problem: string; hint?: string }) {
    super(`invalid ${fields.param}: ${fields.problem}`, { method: fields.method, hint: fields.hint });
    this.param = fields.param;
  }
}
