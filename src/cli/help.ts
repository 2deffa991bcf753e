/**
 * The help text (issue 34), generated from the same declarations the command line is parsed from
 * (flagSpec.ts), so it cannot list a flag the parser refuses or miss one it accepts:
 * `txanon --help` (every command, one line each), `txanon help COMMAND` and `COMMAND --help` (its
 * usage, files and flags: kind, bounds, default, when a flag applies). A command whose flags depend
 * on one of them (`--method`) lists those every variant shares, then each variant's own
 * (`anonymize --method pta --help` only that method's).
 */
import { rangeText } from '../core/base/strictNumber.ts';
import type { CommandSpec, FlagSpec, RawFlags } from './flagSpec.ts';
import { valueName } from './flagSpec.ts';
import { usage } from './readCommandLine.ts';

/** The program's name as installed (package.json `bin`). */
export const PROGRAM = 'txanon';

export function programHelp(commands: readonly CommandSpec[], version: string): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `${PROGRAM} ${version}: anonymize transactional data (baskets, click streams, code sets), offline.`,
    '',
    `usage: ${PROGRAM} <command> [file] [options]`,
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `Run \`${PROGRAM} help COMMAND\` or \`${PROGRAM} COMMAND --help\` for a command's files and flags.`,
    `  --help      this text`,
    `  --version   the version`,
    '',
    'Input: FIMI .dat, CSV basket, CSV long, relational CSV, ARFF (each also .gz), Parquet and Arrow IPC.',
    'Output: JSON on stdout; errors on stderr (exit 2: your input or flags, 1: a bug).',
    '',
  ].join('\n');
}

/** The help of one command; `given`: the flags on the command line (`--method pta`), if any. */
export function commandHelp(spec: CommandSpec, given: RawFlags = new Map()): string {
  const all = variantsOf(spec, new Map());
  const variants = variantsOf(spec, given);
  const lines = [`usage: ${PROGRAM} ${usage(spec, variants[0].flags)}`, '', spec.summary, ''];
  if (spec.positional.length > 0) {
    lines.push('Files:');
    const width = Math.max(...spec.positional.map((p) => p.name.length + 2));
    for (const p of spec.positional) lines.push(`  ${`<${p.name}>`.padEnd(width)}  ${p.help}`);
    lines.push('');
  }
  const shared = all[0].flags.filter((f) => all.every((v) => v.flags.some((g) => sameFlag(f, g))));
  lines.push(...flagLines('Options:', shared));
  if (spec.variesBy)
    for (const variant of variants) {
      const own = variant.flags.filter((f) => !shared.some((g) => sameFlag(f, g)));
      if (own.length > 0)
        lines.push(...flagLines(`Options with --${spec.variesBy!.flag} ${variant.value}:`, own));
    }
  lines.push(`  --help  this text`, '');
  return lines.join('\n');
}

/** Every flag a command's parser can accept (all variants): what the help must list. */
export function acceptedFlags(spec: CommandSpec): string[] {
  return [...new Set(variantsOf(spec, new Map()).flatMap((v) => v.flags.map((f) => f.name)))];
}

interface Variant {
  value?: string;
  flags: readonly FlagSpec[];
}

/** The declarations of each variant (of the one given, when `given` names it). */
function variantsOf(spec: CommandSpec, given: RawFlags): Variant[] {
  if (typeof spec.flags !== 'function') return [{ flags: spec.flags }];
  const by = spec.variesBy;
  if (!by) return [{ flags: spec.flags(given) }];
  const asked = given.get(by.flag);
  const values = asked !== undefined && by.values.includes(asked) ? [asked] : by.values;
  const flagsOf = spec.flags;
  return values.map((value) => ({ value, flags: flagsOf(new Map([...given, [by.flag, value]])) }));
}

/** Two declarations of one flag that read the same in the help. */
function sameFlag(a: FlagSpec, b: FlagSpec): boolean {
  return a.name === b.name && describe(a) === describe(b);
}

function flagLines(title: string, flags: readonly FlagSpec[]): string[] {
  if (flags.length === 0) return [];
  const heads = flags.map((f) => `--${f.name}${valueName(f) ? ` ${valueName(f)}` : ''}`);
  const width = Math.min(34, Math.max(...heads.map((h) => h.length)));
  const lines = [title];
  flags.forEach((flag, i) => {
    const head = heads[i];
    const text = describe(flag);
    lines.push(
      head.length > width ? `  ${head}\n  ${' '.repeat(width)}  ${text}` : `  ${head.padEnd(width)}  ${text}`,
    );
  });
  lines.push('');
  return lines;
}

/** A flag's help line and what else its declaration says: required, bounds, default, when. */
function describe(flag: FlagSpec): string {
  const notes: string[] = [];
  if (flag.required) notes.push('required');
  const bounds = boundsOf(flag);
  if (bounds) notes.push(bounds);
  if (flag.bound) notes.push(flag.bound);
  if (flag.maxWhy) notes.push(`at most ${flag.maxWhy}`);
  if (flag.defaultText) notes.push(`default: ${flag.defaultText}`);
  else if (flag.default !== undefined) notes.push(`default: ${String(flag.default)}`);
  if (flag.only) notes.push(`only ${flag.only.when}`);
  if (flag.oneOf) notes.push(`one of the ${flag.oneOf} flags`);
  return notes.length > 0 ? `${flag.help} (${notes.join('; ')})` : flag.help;
}

function boundsOf(flag: FlagSpec): string {
  if (flag.kind === 'number') {
    const low = flag.greaterThan ?? flag.min;
    if (low === undefined && flag.max === undefined) return '';
    return `in ${flag.greaterThan !== undefined ? '(' : '['}${low ?? '-inf'}, ${flag.max ?? 'inf'}${flag.max === undefined ? ')' : ']'}`;
  }
  if (flag.kind === 'integer' || (flag.kind === 'list' && flag.of === 'integer'))
    return rangeText(flag.min, flag.maxWhy ? undefined : flag.max);
  return '';
}
