/**
 * Reads a command line against its command's flag declarations (flagSpec.ts), before any work,
 * in this order: a flag the command does not declare (or a value missing), a wrong number of
 * files, a missing required flag, a value of the wrong kind or out of bounds, a flag that does not
 * apply to this run, two flags of one group, a file to read that is missing or a directory: each
 * an error (exit 2) naming the flag. Integers go through the one strict reader
 * (core/base/strictNumber.ts): `0x10`, `1e3`, `+3`, ` 3`, `''` and 20 digits are refused.
 * A path is never empty, and a file the command reads must be a readable file.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import Papa from 'papaparse';
import { rangeText, readDecimal, readInteger } from '../core/base/strictNumber.ts';
import { parseArgs, REPEAT_SEPARATOR } from './args.ts';
import { CliError } from './cliError.ts';
import { reason } from './fileErrors.ts';
import { valueName, type CommandSpec, type FlagSpec, type RawFlags } from './flagSpec.ts';

type Value = number | string | boolean | string[] | number[];

/** A command line read against its declarations: typed values, defaults filled in. */
export class FlagValues {
  constructor(
    readonly command: string,
    readonly positional: readonly string[],
    readonly declared: readonly FlagSpec[],
    private readonly values: ReadonlyMap<string, Value>,
  ) {}

  /** Whether the flag was given (a default does not count). */
  has(name: string): boolean {
    return this.values.has(name);
  }

  integer(name: string): number | undefined {
    return this.get(name, ['integer']) as number | undefined;
  }

  number(name: string): number | undefined {
    return this.get(name, ['number', 'integer']) as number | undefined;
  }

  string(name: string): string | undefined {
    return this.get(name, ['string']) as string | undefined;
  }

  boolean(name: string): boolean | undefined {
    return this.get(name, ['boolean']) as boolean | undefined;
  }

  path(name: string): string | undefined {
    return this.get(name, ['path-in', 'path-out']) as string | undefined;
  }

  /** A repeatable flag's values, in the order given (FlagSpec.repeatable). */
  strings(name: string): string[] | undefined {
    return this.get(name, ['string']) as string[] | undefined;
  }

  tokens(name: string): string[] | undefined {
    return this.get(name, ['list']) as string[] | undefined;
  }

  integers(name: string): number[] | undefined {
    return this.get(name, ['list']) as number[] | undefined;
  }

  /** The files this command reads: its positional files, then the path-in flags given. */
  inputs(): { what: string; path: string }[] {
    return [
      ...this.positional.map((path) => ({ what: path, path })),
      ...this.declared
        .filter((f) => f.kind === 'path-in' && this.values.has(f.name))
        .map((f) => ({ what: `--${f.name}`, path: this.values.get(f.name) as string })),
    ];
  }

  /** The files it writes: the path-out flags given (`what` is the flag: `--out`). */
  outputs(): { what: string; path: string }[] {
    return this.declared
      .filter((f) => f.kind === 'path-out' && this.values.has(f.name))
      .map((f) => ({ what: `--${f.name}`, path: this.values.get(f.name) as string }));
  }

  /**
   * The flags given, as `--name=value` words that read back to the same values (a detached
   * distribute's merge job runs the same command line: distribute/detach.ts); path flags absolute.
   */
  words(): string[] {
    return this.declared
      .filter((f) => this.values.has(f.name))
      .flatMap((f) => {
        const v = this.values.get(f.name)!;
        if (f.repeatable && Array.isArray(v)) return v.map((one) => `--${f.name}=${String(one)}`);
        if (Array.isArray(v)) return [`--${f.name}=${Papa.unparse([v.map(String)], { newline: '' })}`];
        const text = f.kind === 'path-in' || f.kind === 'path-out' ? resolve(String(v)) : String(v);
        return [`--${f.name}=${text}`];
      });
  }

  private get(name: string, kinds: readonly FlagSpec['kind'][]): Value | undefined {
    const flag = this.declared.find((f) => f.name === name);
    if (!flag || !kinds.includes(flag.kind))
      throw new Error(`${this.command} reads --${name} as ${kinds.join('/')}, but declares it otherwise`);
    return this.values.get(name) ?? flag.default;
  }
}

/** Reads `argv` (the words after the command's name) against the command's declarations. */
export function readCommandLine(spec: CommandSpec, argv: readonly string[]): FlagValues {
  const args = parseArgs(argv, new Set(spec.repeatable ?? []));
  const raw: RawFlags = args.flags;
  const declared = typeof spec.flags === 'function' ? spec.flags(raw) : spec.flags;
  const byName = new Map(declared.map((f) => [f.name, f]));
  for (const name of raw.keys()) {
    const flag = byName.get(name);
    if (!flag)
      throw new CliError(
        `unknown option --${name} for ${spec.name} (known: ${declared.map((f) => `--${f.name}`).join(', ') || 'none'})`,
      );
    if (args.bare.has(name) && flag.kind !== 'boolean') throw new CliError(`--${name} needs a value`);
  }
  const least = spec.positional.filter((p) => !p.optional).length;
  if (args.positional.length < least || args.positional.length > spec.positional.length)
    throw new CliError(`usage: ${usage(spec, declared)}`);
  for (const flag of declared)
    if (flag.required && !raw.has(flag.name) && (!flag.only || flag.only.holds(raw)))
      throw new CliError(`${spec.name} needs --${flag.name} ${valueName(flag)}: ${flag.help}`);
  const values = new Map<string, Value>();
  for (const [name, text] of raw) values.set(name, readValue(byName.get(name)!, text));
  for (const name of raw.keys()) {
    const only = byName.get(name)!.only;
    if (only && !only.holds(raw))
      throw new CliError(only.refusal?.(raw, name) ?? `--${name} applies only ${only.when}; leave it out`);
  }
  const groups = new Map<string, string[]>();
  for (const flag of declared)
    if (flag.oneOf && raw.has(flag.name))
      groups.set(flag.oneOf, [...(groups.get(flag.oneOf) ?? []), flag.name]);
  for (const [group, given] of groups)
    if (given.length > 1)
      throw new CliError(
        `choose one of ${declared
          .filter((f) => f.oneOf === group)
          .map((f) => `--${f.name}`)
          .join(', ')} (got ${given.map((g) => `--${g}`).join(', ')})`,
      );
  for (const path of args.positional) checkReadable(path, path);
  for (const flag of declared)
    if (flag.kind === 'path-in' && values.has(flag.name))
      checkReadable(values.get(flag.name) as string, `--${flag.name}`);
  return new FlagValues(spec.name, args.positional, declared, values);
}

/** `anonymize <file> --method ID --out FILE [options]`: the files and the required flags. */
export function usage(spec: CommandSpec, declared: readonly FlagSpec[]): string {
  const required = declared.filter((f) => f.required).map((f) => `--${f.name} ${valueName(f)}`);
  const optional = declared.some((f) => !f.required) ? ['[options]'] : [];
  const files = spec.positional.map((p) => (p.optional ? `[<${p.name}>]` : `<${p.name}>`));
  return [spec.name, ...files, ...required, ...optional].join(' ');
}

/** One value read by its declaration's kind, or a CliError naming the flag and what was expected. */
function readValue(flag: FlagSpec, text: string): Value {
  const name = `--${flag.name}`;
  switch (flag.kind) {
    case 'integer':
      return integerIn(text, name, flag);
    case 'number': {
      const value = readDecimal(text);
      const open = flag.greaterThan !== undefined;
      const low = flag.greaterThan ?? flag.min ?? 0;
      const high = flag.max ?? Infinity;
      if (value === null || (open ? value <= low : value < low) || value > high)
        throw new CliError(
          `${name} must be a number in ${open ? '(' : '['}${low}, ${high}${high === Infinity ? ')' : ']'}, got '${text}'`,
        );
      return value;
    }
    case 'string':
      if (flag.repeatable)
        return text
          .split(REPEAT_SEPARATOR)
          .map((t) => readValue({ ...flag, repeatable: false }, t) as string);
      if (flag.choices && !flag.choices.includes(text))
        throw new CliError(`${name} must be one of ${flag.choices.join(', ')}, got '${text}'`);
      if (text === '') throw new CliError(`${name} needs a value, got ''`);
      return text;
    case 'path-in':
    case 'path-out':
      if (text.trim() === '') throw new CliError(`${name} needs a file name, got '${text}'`);
      return text;
    case 'boolean':
      if (text !== 'true' && text !== 'false')
        throw new CliError(`${name} is true or false (or given alone for true), got '${text}'`);
      return text === 'true';
    case 'list':
      return flag.of === 'integer' ? integerList(text, name, flag) : tokenList(text, name, flag);
  }
}

function integerIn(text: string, what: string, flag: Pick<FlagSpec, 'min' | 'max' | 'maxWhy'>): number {
  const value = readInteger(text);
  const min = flag.min ?? 0;
  if (value === null || value < min || (flag.max !== undefined && value > flag.max))
    throw new CliError(
      `${what} must be an integer ${rangeText(min, flag.max)}${flag.maxWhy ? ` (${flag.maxWhy})` : ''}, got '${text}'`,
    );
  return value;
}

/** A list of integers, each in range and none given twice (`--known 1,1` asks nothing new). */
function integerList(text: string, name: string, flag: FlagSpec): number[] {
  if (text === '') throw new CliError(`${name} needs at least one value, got ''`);
  const values = text.split(',').map((part) => integerIn(part, `each value of ${name}`, flag));
  const repeated = values.find((v, i) => values.indexOf(v) !== i);
  if (repeated !== undefined)
    throw new CliError(`${name}: ${repeated} is given twice in '${text}'; give each value once`);
  return values;
}

/**
 * A list of tokens read as one CSV record, so that a token holding a comma is quoted:
 * `--sensitive '"a,b",c'` is the two tokens `a,b` and `c`. Empty and repeated tokens are errors,
 * and so is a token not among the declared choices.
 */
function tokenList(text: string, name: string, flag: FlagSpec): string[] {
  if (text.trim() === '') throw new CliError(`${name} needs at least one value, got '${text}'`);
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', newline: '\n' });
  if (parsed.errors.length > 0 || parsed.data.length !== 1)
    throw new CliError(
      `${name} is one line of comma-separated values (quote one holding a comma: '"a,b",c'), got '${text}'`,
    );
  const tokens = parsed.data[0].map((t) => t.trim());
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token === '') throw new CliError(`${name} holds an empty value, in '${text}'`);
    if (seen.has(token)) throw new CliError(`${name} names ${token} twice`);
    if (flag.choices && !flag.choices.includes(token))
      throw new CliError(`${name}: '${token}' is not one of ${flag.choices.join(', ')}`);
    seen.add(token);
  }
  return tokens;
}

/** A file the command reads: it exists, is not a directory, and can be read. */
function checkReadable(path: string, what: string): void {
  const named = what === path ? path : `${what} ${path}`;
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    throw new CliError(`${named}: ${reason(error)}`);
  }
  if (stat.isDirectory()) throw new CliError(`${named}: is a directory, not a file`);
  try {
    accessSync(path, constants.R_OK);
  } catch (error) {
    throw new CliError(`${named}: cannot be read (${reason(error)})`);
  }
}
