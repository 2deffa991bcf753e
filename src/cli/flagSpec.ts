/**
 * Flag declarations (DESIGN.md sec. 6): every command declares its flags once, with their kind,
 * bounds, one line of help and when they apply, and the command line is parsed from these
 * declarations alone (readCommandLine.ts), so a flag the command does not declare, one that does
 * not apply to this run (`--p` on a k-anonymity check) and a loose number (`--k 0x10`) are refused
 * before any work. The declarations carry what `--help` needs (kind, value name, bounds, default,
 * when a flag applies), so that the help text can be generated from them too.
 * A method's params become flags through flagOfParam (their ParamSpec is the declaration).
 */
import type { ParamSpec } from '../core/methods/types.ts';
import type { FlagValues } from './readCommandLine.ts';

/**
 * - `integer`: plain digits (core/base/strictNumber.ts), in [min, max];
 * - `number`: a decimal number, in [min, max];
 * - `string`: any text, or one of `choices`;
 * - `path-in`: a file the command reads (it must exist; no output may be it, by file identity);
 * - `path-out`: a file the command writes (checked before any work, written whole or not at all);
 * - `boolean`: `--flag`, `--flag true` or `--flag false`;
 * - `list`: one line of comma-separated values (`of`: tokens read as a CSV record, or integers).
 */
export type FlagKind = 'integer' | 'number' | 'string' | 'path-in' | 'path-out' | 'boolean' | 'list';

/** The raw flag values of a command line, by name (before they are read by kind). */
export type RawFlags = ReadonlyMap<string, string>;

/** When a flag applies: `when` in the words of the help text, `holds` on the other flags given. */
export interface FlagCondition {
  /** e.g. 'with --model p-degree' (the refusal reads "--p applies only with --model p-degree"). */
  readonly when: string;
  readonly holds: (flags: RawFlags) => boolean;
  /** A refusal in this run's words, when `when` is too general to say why. */
  readonly refusal?: (flags: RawFlags, name: string) => string;
}

export interface FlagSpec {
  readonly name: string;
  readonly kind: FlagKind;
  /** One line of help. */
  readonly help: string;
  /** integer, number and each value of an integer list: the least value. */
  readonly min?: number;
  /** integer, number and each value of an integer list: the largest value (a fixed bound). */
  readonly max?: number;
  /** number: the value must be above this (instead of `min`): `(0, 1]`. */
  readonly greaterThan?: number;
  /** Why `max` is what it is, when it is not a constant ('4 x the 2 hardware threads'). */
  readonly maxWhy?: string;
  /** A bound that needs the data, in words for the help text ('at most the rows'). */
  readonly bound?: string;
  /** string and each value of a token list: the values allowed. */
  readonly choices?: readonly string[];
  /** list: what each value is (default: tokens). */
  readonly of?: 'token' | 'integer';
  /** The value when the flag is absent (also shown by --help). */
  readonly default?: string | number | boolean;
  /** Shown by --help where the default is not a constant ('the hardware threads'). */
  readonly defaultText?: string;
  readonly required?: boolean;
  /** At most one flag of a group may be given (`--sensitive` or `--sensitive-top` ...). */
  readonly oneOf?: string;
  /** When absent, the flag applies to every run of the command. */
  readonly only?: FlagCondition;
  /**
   * string: may be given more than once, each value kept in order (FlagValues.strings); the
   * command names it in CommandSpec.repeatable too, so the words are read before the declarations.
   */
  readonly repeatable?: boolean;
  /** How --help names the value (`N`, `FILE`, `a,b`); derived from the kind when absent. */
  readonly value?: string;
}

/** A positional argument: the files a command reads, in order. */
export interface PositionalSpec {
  readonly name: string;
  readonly help: string;
  /** May be left out (only the last positionals): `attack <file> [<release.json>]`. */
  readonly optional?: boolean;
}

export interface CommandSpec<Result = unknown> {
  readonly name: string;
  /** One line: what the command does. */
  readonly summary: string;
  readonly positional: readonly PositionalSpec[];
  /** Flags that may be given more than once (FlagSpec.repeatable), by name. */
  readonly repeatable?: readonly string[];
  /** The declarations; a function of the raw flags where they depend on one (`--method`). */
  readonly flags: readonly FlagSpec[] | ((flags: RawFlags) => readonly FlagSpec[]);
  /** The flag the declarations depend on and its values: help lists the flags of each (help.ts). */
  readonly variesBy?: { readonly flag: string; readonly values: readonly string[] };
  run(values: FlagValues): Promise<Result> | Result;
}

/** How --help names a flag's value. */
export function valueName(flag: FlagSpec): string {
  if (flag.value) return flag.value;
  switch (flag.kind) {
    case 'integer':
      return 'N';
    case 'number':
      return 'X';
    case 'string':
      return flag.choices ? flag.choices.join('|') : 'TEXT';
    case 'path-in':
    case 'path-out':
      return 'FILE';
    case 'boolean':
      return '';
    case 'list':
      return flag.of === 'integer' ? 'N,N,...' : 'a,b,...';
  }
}

/** A method's param as a flag: the same name, bounds, choices, default and help. */
export function flagOfParam(param: ParamSpec, only?: FlagCondition): FlagSpec {
  const bound = param.atMost
    ? `at most ${param.atMost.of === 'rows' ? 'the rows' : param.atMost.of === 'items' ? 'the distinct items' : 'the longest row'}${param.atMost.per ? ` / ${param.atMost.per}` : ''}`
    : undefined;
  const common = {
    name: param.name,
    help: param.help,
    ...(param.default !== undefined && param.type !== 'text' && { default: param.default }),
    ...(only && { only }),
  };
  switch (param.type) {
    case 'int':
      return { ...common, kind: 'integer', min: param.min, max: param.max, ...(bound && { bound }) };
    case 'number':
      return { ...common, kind: 'number', min: param.min, max: param.max };
    case 'string':
      return { ...common, kind: 'string', choices: param.choices };
    case 'boolean':
      return { ...common, kind: 'boolean' };
    case 'text':
      return { ...common, kind: 'path-in' };
  }
}
