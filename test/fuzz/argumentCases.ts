/**
 * Argument abuse, made from the commands' own declarations (src/cli/flagSpec.ts): for every
 * command (anonymize once per method, check once per model, generate in both modes) and every
 * flag it declares, a loose or out-of-range value of the flag's kind (`0x10`, `1e3`, `+3`, ` 3`,
 * `''`, 20 digits, a value past the stated maximum, a choice that is none, an empty list, a path
 * to nothing or to a directory), the flag given twice or without its value, a flag that does not
 * apply to this run, a required flag left out, an unknown flag, a file too many; and the bounds
 * that need the data (k and p above the rows, COAT's k up to 2^53, m above the longest row,
 * alpha x p above the rows, --workers above 4 x the hardware threads, generate's sizes). Each
 * case expects exit 2 and a message naming the flag (or the bound), before anything is written.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from '../../src/cli/args.ts';
import { COMMANDS } from '../../src/cli/main.ts';
import type { FlagSpec } from '../../src/cli/flagSpec.ts';
import { METHODS } from '../../src/core/methods/registry.ts';
import { caseRng, type CaseSource, type Expected, type FuzzCase } from './fuzzCase.ts';
import { DATA_ROWS, fixture, FIXTURES, type FixtureName } from './fixtures.ts';

/**
 * A command line with placeholders: `@name` is fixture `name` written into the case's directory,
 * `>name` a new file there (an output).
 */
type Template = readonly string[];

interface ArgumentCase {
  name: string;
  argv: Template;
  expect: Expected;
  env?: Record<string, string>;
}

const SENSITIVE = ['--sensitive-top', '1'];

/** Valid command lines of every command, which each case changes in one way. */
const BASES: readonly Template[] = [
  ['stats', '@data.dat'],
  ['risk', '@data.dat'],
  ['attack', '@data.dat'],
  ['attack', '@data.dat', '@pta-release.json', '--audit', '@pta-audit.json'],
  ['methods'],
  ...METHODS.map((m) => [
    'anonymize',
    '@data.dat',
    '--method',
    m.id,
    ...(m.needsSensitive ? SENSITIVE : []),
    ...(m.params.some((p) => p.name === 'p') ? ['--p', '2'] : []),
    ...(m.params.some((p) => p.name === 'k') ? ['--k', '2'] : []),
    '--out',
    '>r.json',
  ]),
  ['apply', '@data.dat', '--rules', '@pta-rules.json', '--export', '>e.dat'],
  ['evaluate', '@data.dat', '@pta-release.json', '--audit', '@pta-audit.json'],
  ['check', '@data.dat', '--model', 'k-anonymity'],
  ['check', '@data.dat', '--model', 'km-anonymity'],
  ['check', '@data.dat', '--model', 'p-degree', ...SENSITIVE],
  ['check', '@data.dat', '--model', 'l-diversity', '--columns', '@columns.txt'],
  ['pgen', '@data.dat', '--k', '2', '--out', '>c.json'],
  ['sweep', '@spec.json', '--out', '>results.json'],
  ['teach', '@data.dat', '--method', 'pta', '--k', '2', '--out', '>steps.json'],
  ['teach', '@data.dat', '--method', 'gray-cahd', '--p', '2', ...SENSITIVE, '--out', '>steps.json'],
  ['generate', '--D', '10', '--out', '>g.dat'],
  ['generate', '--D', '10', '--N', '20', '--T', '2', '--max-length', '5', '--zipf', '1', '--out', '>g.dat'],
];

const LOOSE_INTEGERS = ['0x10', '1e3', '+3', ' 3', '3 ', '', '1.5', '-1', 'abc', '99999999999999999999', '٣'];
const LOOSE_NUMBERS = ['abc', '', 'Infinity', 'NaN', '0x1', '1e999', ' 1', '1,5'];

/** The declarations of a base command line (anonymize's depend on its --method). */
function declarations(argv: Template): readonly FlagSpec[] {
  const command = COMMANDS.find((c) => c.name === argv[0])!;
  return typeof command.flags === 'function' ? command.flags(parseArgs(argv.slice(1)).flags) : command.flags;
}

/** A value the flag accepts (its declared least, first choice, an existing file ...). */
function validValue(flag: FlagSpec): string {
  switch (flag.kind) {
    case 'integer':
      return String(Math.max(flag.min ?? 1, 1));
    case 'number':
      return String(
        Math.min(flag.max ?? 1, flag.greaterThan !== undefined ? 0.5 : Math.max(flag.min ?? 1, 1)),
      );
    case 'string':
      return flag.choices?.[0] ?? ',';
    case 'boolean':
      return 'true';
    case 'list':
      return flag.of === 'integer' ? '1' : (flag.choices?.[0] ?? '1');
    case 'path-in':
      return '@data.dat';
    case 'path-out':
      return '>x.out';
  }
}

/** The base with `--name value` set: an existing value replaced, another of its group removed. */
function withFlag(argv: Template, flag: FlagSpec, value: string, group: readonly FlagSpec[]): string[] {
  const out = [...argv];
  for (const other of group) {
    const at = out.indexOf(`--${other.name}`);
    if (at >= 0 && other.name !== flag.name) out.splice(at, 2);
  }
  const at = out.indexOf(`--${flag.name}`);
  if (at >= 0) out[at + 1] = value;
  else out.push(`--${flag.name}`, value);
  return out;
}

/** Bad values of a flag's kind, each with the start of the message it must get. */
function badValues(flag: FlagSpec): [string, string | RegExp][] {
  const name = `--${flag.name}`;
  switch (flag.kind) {
    case 'integer': {
      const range = `${name} must be an integer`;
      const bad: [string, string][] = LOOSE_INTEGERS.map((v) => [v, range]);
      if (flag.max !== undefined)
        bad.push([String(flag.max + 1), `${range} in ${flag.min ?? 0}..${flag.max}`]);
      if ((flag.min ?? 0) > 0) bad.push([String((flag.min ?? 0) - 1), range]);
      bad.push(['9007199254740993', range]);
      return bad;
    }
    case 'number': {
      const bad: [string, string][] = LOOSE_NUMBERS.map((v) => [v, `${name} must be a number`]);
      if (flag.max !== undefined) bad.push([String(flag.max + 1), `${name} must be a number`]);
      return bad;
    }
    case 'string':
      return flag.choices ? [['nope', `${name} must be one of`]] : [['', `${name} needs a value, got ''`]];
    case 'boolean':
      return [['maybe', `${name} is true or false`]];
    case 'list': {
      const bad: [string, string][] = [['', `${name} needs at least one value`]];
      if (flag.of === 'integer')
        bad.push(
          ['1,x', `each value of ${name} must be an integer`],
          ['0x1', `each value of ${name} must be an integer`],
        );
      else {
        const token = flag.choices?.[0] ?? 'a';
        bad.push(
          [',', `${name} holds an empty value`],
          [`${token},${token}`, `${name} names ${token} twice`],
        );
        if (flag.choices) bad.push(['nope', `${name}: 'nope' is not one of`]);
      }
      return bad;
    }
    case 'path-in':
      return [
        ['>missing.json', new RegExp(`${name} \\S+missing\\.json: no such file or directory \\(ENOENT\\)`)],
        ['>', new RegExp(`${name} \\S+: is a directory, not a file`)],
      ];
    case 'path-out':
      return [
        ['', `${name} needs a file name`],
        [' ', `${name} needs a file name`],
      ];
  }
}

function casesOf(argv: Template): ArgumentCase[] {
  const command = argv[0];
  const declared = declarations(argv);
  const raw = parseArgs(argv.slice(1)).flags;
  const label = argv
    .slice(0, 4)
    .filter((w) => !w.startsWith('@') && !w.startsWith('>'))
    .join(' ');
  const cases: ArgumentCase[] = [];
  const refused = (name: string, changed: string[], message: string | RegExp) =>
    cases.push({ name: `${label}: ${name}`, argv: changed, expect: { code: 2, message } });
  argv.forEach((word, at) => {
    if (at === 0 || !word.startsWith('@') || argv[at - 1].startsWith('--')) return;
    const replaced = (by: string) => [...argv.slice(0, at), by, ...argv.slice(at + 1)];
    refused(
      `file ${at} missing`,
      replaced('>missing.dat'),
      /missing\.dat: no such file or directory \(ENOENT\)/,
    );
    refused(`file ${at} a directory`, replaced('>'), /: is a directory, not a file/);
  });
  if (command === 'anonymize') {
    const at = argv.indexOf('--method');
    refused('without --method', [...argv.slice(0, at), ...argv.slice(at + 2)], 'anonymize needs --method ID');
  }
  for (const flag of declared) {
    const group = flag.oneOf ? declared.filter((f) => f.oneOf === flag.oneOf) : [];
    const name = `--${flag.name}`;
    if (flag.only && !flag.only.holds(raw)) {
      const changed = withFlag(argv, flag, validValue(flag), group);
      refused(
        `${name} where it does not apply`,
        changed,
        flag.only.refusal?.(raw, flag.name) ?? `${name} applies only ${flag.only.when}`,
      );
      continue;
    }
    if (flag.name === 'method') {
      refused('--method nope', withFlag(argv, flag, 'nope', group), "unknown method 'nope'");
      continue;
    }
    for (const [value, message] of badValues(flag))
      refused(`${name} ${JSON.stringify(value)}`, withFlag(argv, flag, value, group), message);
    refused(
      `${name} twice`,
      [...withFlag(argv, flag, validValue(flag), group), name, validValue(flag)],
      `${name} is given twice`,
    );
    if (flag.kind !== 'boolean' && !argv.includes(name))
      refused(`${name} with no value`, [...argv, name], `${name} needs a value`);
    if (flag.required) {
      const at = argv.indexOf(name);
      refused(`without ${name}`, [...argv.slice(0, at), ...argv.slice(at + 2)], `${command} needs ${name}`);
    }
  }
  refused('an unknown flag', [...argv, '--bogus', '1'], 'unknown option --bogus');
  refused('a file too many', [...argv.slice(0, 1), '@data.dat', ...argv.slice(1)], 'usage:');
  return cases;
}

const anonymize = (method: string, ...rest: string[]): Template => [
  'anonymize',
  '@data.dat',
  '--method',
  method,
  ...rest,
  '--out',
  '>r.json',
];
const PDEGREE = METHODS.filter((m) => m.model === 'p-degree').map((m) => m.id);
const HUGE = ['41', '100000000', '4294967296', '9007199254740991'];
const MAX_WORKERS = 4 * availableParallelism();

/** The bounds that need the data or the machine, each with its message. */
const BOUND_CASES: ArgumentCase[] = [
  ...HUGE.map((k) => ({
    name: `coat --k ${k}`,
    argv: anonymize('coat', '--k', k),
    expect: {
      code: 2 as const,
      message: `coat --k ${k} is more than the ${DATA_ROWS} rows of data.dat: the largest k is ${DATA_ROWS}`,
    },
  })),
  ...['4', '1000000', '4294967296'].map((m) => ({
    name: `coat --m ${m}`,
    argv: anonymize('coat', '--m', m),
    expect: {
      code: 2 as const,
      message: `coat --m ${m} is more than the longest row of data.dat (3 items): the largest m is 3`,
    },
  })),
  {
    name: 'apriori-km --m 4',
    argv: anonymize('apriori-km', '--m', '4'),
    expect: {
      code: 2,
      message: 'apriori-km --m 4 is more than the longest row of data.dat (3 items): the largest m is 3',
    },
  },
  ...['gray-cahd', 'rcm-cahd'].flatMap((method) =>
    ['21', '9007199254740991'].map((alpha) => ({
      name: `${method} --alpha ${alpha}`,
      argv: anonymize(method, '--p', '2', '--alpha', alpha, ...SENSITIVE),
      expect: { code: 2 as const, message: `the largest alpha with p = 2 is ${DATA_ROWS / 2}` },
    })),
  ),
  ...['pta', 'patternka'].flatMap((method) =>
    HUGE.map((k) => ({
      name: `${method} --k ${k}`,
      argv: anonymize(method, '--k', k),
      expect: {
        code: 2 as const,
        message: `k-anonymity needs at least k = ${k} transactions; data.dat has ${DATA_ROWS}`,
      },
    })),
  ),
  ...HUGE.map((k) => ({
    name: `apriori-km --k ${k}`,
    argv: anonymize('apriori-km', '--k', k),
    expect: {
      code: 2 as const,
      message: `needs at least k = ${k} transactions with items; data.dat has ${DATA_ROWS}`,
    },
  })),
  ...PDEGREE.flatMap((method) =>
    HUGE.map((p) => ({
      name: `${method} --p ${p}`,
      argv: anonymize(method, '--p', p, ...SENSITIVE),
      expect: {
        code: 2 as const,
        message: new RegExp(`privacy degree p = ${p} is impossible: .* the largest feasible p is \\d+`),
      },
    })),
  ),
  ...HUGE.map((l) => ({
    name: `multi-anatomy --l ${l}`,
    argv: anonymize('multi-anatomy', '--l', l),
    expect: { code: 2 as const, message: `cannot be made ${l}-diverse` },
  })),
  ...['20', '4294967296'].map((columns) => ({
    name: `multi-anatomy --columns ${columns}`,
    argv: anonymize('multi-anatomy', '--columns', columns),
    expect: { code: 2 as const, message: `${columns} columns need at least ${columns} items` },
  })),
  {
    name: 'lsh --B 1025',
    argv: anonymize('lsh', '--p', '2', '--B', '1025', ...SENSITIVE),
    expect: { code: 2, message: '--B must be an integer in 1..1024' },
  },
  ...['sensitive-top', 'sensitive-random', 'sensitive-band'].map((flag) => ({
    name: `gray-cahd --${flag} 4294967295`,
    argv: anonymize('gray-cahd', '--p', '2', `--${flag}`, '4294967295'),
    expect: {
      code: 2 as const,
      message: 'the number of sensitive items must be between 0 and 19, got 4294967295',
    },
  })),
  ...HUGE.map((k) => ({
    name: `pgen --k ${k}`,
    argv: ['pgen', '@data.dat', '--k', k, '--out', '>c.json'],
    expect: {
      code: 2 as const,
      message: `--k ${k} is more than the ${DATA_ROWS} rows of data.dat: the largest k is ${DATA_ROWS}`,
    },
  })),
  ...[String(MAX_WORKERS + 1), '1000'].flatMap((workers) => [
    {
      name: `anonymize --workers ${workers}`,
      argv: anonymize('pta', '--workers', workers),
      expect: {
        code: 2 as const,
        message: `--workers must be an integer in 1..${MAX_WORKERS} (4 x the ${availableParallelism()} hardware threads`,
      },
    },
    {
      name: `sweep --workers ${workers}`,
      argv: ['sweep', '@spec.json', '--workers', workers, '--out', '>results.json'],
      expect: { code: 2 as const, message: `--workers must be an integer in 1..${MAX_WORKERS}` },
    },
  ]),
  {
    name: 'check --model km-anonymity --m 4',
    argv: ['check', '@data.dat', '--model', 'km-anonymity', '--m', '4'],
    expect: {
      code: 2,
      message: 'check --m 4 is more than the longest row of data.dat (3 items): the largest m is 3',
    },
  },
  {
    name: 'generate --D 99999999999999',
    argv: ['generate', '--D', '99999999999999', '--out', '>g.dat'],
    expect: { code: 2, message: "--D must be an integer in 1..4294967295, got '99999999999999'" },
  },
  {
    name: 'generate --D 4294967295',
    argv: ['generate', '--D', '4294967295', '--out', '>g.dat'],
    expect: { code: 2, message: 'item occurrences, more than the 4,294,967,295 a dataset here holds' },
  },
  {
    name: 'generate --T 100 --N 5',
    argv: ['generate', '--T', '100', '--N', '5', '--out', '>g.dat'],
    expect: {
      code: 2,
      message: 'generate: --T 100: a row cannot hold 100 distinct items of --N 5; the largest T is 5',
    },
  },
  {
    name: 'generate --I 6 --N 5 --T 2',
    argv: ['generate', '--I', '6', '--N', '5', '--T', '2', '--out', '>g.dat'],
    expect: { code: 2, message: 'a pattern cannot hold 6 distinct items of --N 5' },
  },
  {
    name: 'generate --L 4294967295',
    argv: ['generate', '--L', '4294967295', '--out', '>g.dat'],
    expect: { code: 2, message: 'above the memory budget' },
  },
  {
    name: 'generate --N 4294967295 in the shape mode',
    argv: [
      'generate',
      '--D',
      '10',
      '--N',
      '4294967295',
      '--T',
      '2',
      '--max-length',
      '5',
      '--zipf',
      '1',
      '--out',
      '>g.dat',
    ],
    expect: { code: 2, message: 'above the memory budget' },
  },
  {
    name: 'generate --max-length 10 --N 5',
    argv: [
      'generate',
      '--D',
      '10',
      '--N',
      '5',
      '--T',
      '2',
      '--max-length',
      '10',
      '--zipf',
      '1',
      '--out',
      '>g.dat',
    ],
    expect: { code: 2, message: 'a row cannot hold 10 distinct items of --N 5' },
  },

  ...['queries', 'q', 'r'].map((flag) => ({
    name: `anonymize --${flag} 4294967296`,
    argv: anonymize('pta', `--${flag}`, '4294967296'),
    expect: { code: 2 as const, message: `--${flag} must be an integer in 1..` },
  })),
];

/** Every argument case, the declared ones then the bounds: a fixed list the source cycles through. */
export const ARGUMENT_CASES: readonly ArgumentCase[] = [...BASES.flatMap(casesOf), ...BOUND_CASES];

/** Resolves a template's placeholders in `dir`. */
export function resolveTemplate(argv: Template, dir: string): string[] {
  return argv.map((word) => {
    if (word.startsWith('@') && (FIXTURES as string[]).includes(word.slice(1))) {
      // A sweep spec names data.dat beside it.
      if (word === '@spec.json') fixture(dir, 'data.dat');
      return fixture(dir, word.slice(1) as FixtureName);
    }
    if (word.startsWith('>')) return join(dir, word.slice(1));
    return word;
  });
}

/**
 * Case `index`: the list's cases in an order shuffled by the seed, then (past the list) again in
 * another order. Exit 2 writes nothing, and the inputs keep their bytes.
 */
export const argumentCase: CaseSource = (seed, index): FuzzCase => {
  const round = Math.floor(index / ARGUMENT_CASES.length);
  const order = caseRng(seed, 'arguments', round).shuffle(ARGUMENT_CASES.map((_, i) => i));
  const chosen = ARGUMENT_CASES[order[index % ARGUMENT_CASES.length]];
  return {
    category: 'arguments',
    name: chosen.name,
    prepare(dir) {
      const argv = resolveTemplate(chosen.argv, dir);
      return {
        argv,
        expect: chosen.expect,
        env: chosen.env,
        unchanged: argv.filter((w) => w.startsWith(dir) && FIXTURES.some((f) => w.endsWith(`/${f}`))),
        // Fixtures are written by the case itself, before the run.
        mayWrite: [],
      };
    },
  };
};
