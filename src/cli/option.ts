/**
 * An option of the command line as a command declares it: what `node:util` `parseArgs` needs, and the
 * value type the command reads. Apart from command.ts so that globalOptions.ts needs no command.
 */

/** One option: a flag (`boolean`) or one that takes a value (`string`), with its one-letter form. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /**
   * For an option whose value may be left out (`--watch [SECONDS]`, `--our-localhost [PORT]`): alone, or
   * followed by an argument `value` does not match (an address, another option), it means `fallback`.
   */
  optionalValue?: { fallback: string; value: RegExp };
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** The values `parseArgs` reads for these options: a string or `true` when given, absent otherwise. */
export type OptionValues<O extends OptionSpecs> = {
  -readonly [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string;
};
