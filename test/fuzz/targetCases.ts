/**
 * Links and unwritable targets: every output of every command that writes (anonymize's --out,
 * --audit, --export and its second table, --rules-out; apply's --export, its second table and
 * --out; pgen; generate; sweep) pointed at the input (by name, through a symbolic link, through a
 * hard link), at another input (a constraints file, a sweep's dataset, the rules), at another
 * output (by name or through a link), at `/proc/x`, `/dev/full`, a directory, a directory that
 * does not exist, a path under a file, a loop of links. Each is exit 2 naming the target and why,
 * with every input's bytes unchanged and nothing written. And the writes that must work: over an
 * existing file (replaced whole), and through a link to a new or an existing file (the file it
 * points to written, the link kept).
 */
import { linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  caseRng,
  escapeRegExp,
  isLink,
  pickOf,
  type CaseSource,
  type Expected,
  type FuzzCase,
  type Prepared,
} from './fuzzCase.ts';
import { fixture, type FixtureName } from './fixtures.ts';

/** A command that writes, its inputs, and its outputs (the flag, or a second table beside one). */
interface Writer {
  label: string;
  /** The command line: `@name` a fixture, `%slot` the path of output `slot`. */
  argv: readonly string[];
  inputs: readonly FixtureName[];
  /** Output slots: `--out`, or `--export's generalized table` (named `export-generalized`). */
  outputs: readonly { slot: string; what: string; name: string }[];
}

const out = (slot: string, name: string) => ({ slot, what: `--${slot}`, name });
const table = (slot: string, kind: string, name: string) => ({
  slot: `${slot}-${kind}`,
  what: `--${slot}'s ${kind} table`,
  name,
});

const WRITERS: readonly Writer[] = [
  {
    label: 'anonymize pta',
    argv: [
      'anonymize',
      '@data.dat',
      '--method',
      'pta',
      '--k',
      '2',
      '--workers',
      '1',
      '--out',
      '%out',
      '--audit',
      '%audit',
      '--export',
      '%export',
      '--rules-out',
      '%rules-out',
    ],
    inputs: ['data.dat'],
    outputs: [
      out('out', 'r.json'),
      out('audit', 'a.json'),
      out('export', 'e.dat'),
      out('rules-out', 'rules.json'),
    ],
  },
  {
    label: 'anonymize coat with constraints',
    argv: [
      'anonymize',
      '@data.dat',
      '--method',
      'coat',
      '--k',
      '2',
      '--m',
      '0',
      '--constraints',
      '@constraints.json',
      '--out',
      '%out',
      '--export',
      '%export',
    ],
    inputs: ['data.dat', 'constraints.json'],
    outputs: [
      out('out', 'r.json'),
      out('export', 'e.dat'),
      table('export', 'generalized', 'e-generalized.csv'),
    ],
  },
  {
    label: 'anonymize gray-cahd',
    argv: [
      'anonymize',
      '@data.dat',
      '--method',
      'gray-cahd',
      '--p',
      '2',
      '--sensitive-top',
      '1',
      '--out',
      '%out',
      '--export',
      '%export',
    ],
    inputs: ['data.dat'],
    outputs: [out('out', 'r.json'), out('export', 'e.csv'), table('export', 'sensitive', 'e-sensitive.csv')],
  },
  {
    label: 'apply coat rules',
    argv: ['apply', '@data.dat', '--rules', '@coat-rules.json', '--export', '%export', '--out', '%out'],
    inputs: ['data.dat', 'coat-rules.json'],
    outputs: [
      out('export', 'x.dat'),
      table('export', 'generalized', 'x-generalized.csv'),
      out('out', 'r.json'),
    ],
  },
  {
    label: 'pgen',
    argv: ['pgen', '@data.dat', '--k', '2', '--out', '%out'],
    inputs: ['data.dat'],
    outputs: [out('out', 'c.json')],
  },
  {
    label: 'teach',
    argv: ['teach', '@data.dat', '--method', 'pta', '--k', '2', '--out', '%out'],
    inputs: ['data.dat'],
    outputs: [out('out', 'steps.json')],
  },
  {
    label: 'generate',
    argv: ['generate', '--D', '200', '--out', '%out'],
    inputs: [],
    outputs: [out('out', 'g.dat')],
  },
  {
    label: 'sweep',
    argv: ['sweep', '@spec.json', '--workers', '1', '--out', '%out'],
    inputs: ['spec.json', 'data.dat'],
    outputs: [out('out', 'results.json')],
  },
];

type TargetKind =
  | 'input'
  | 'symlink to an input'
  | 'hard link to an input'
  | 'another output'
  | 'symlink to another output'
  | 'hard link to another output'
  | '/proc/x'
  | '/dev/full'
  | 'a directory'
  | 'a missing directory'
  | 'a path under a file'
  | 'a loop of links'
  | 'an existing file'
  | 'a dangling link'
  | 'a link to an existing file';

const KINDS: readonly TargetKind[] = [
  'input',
  'symlink to an input',
  'hard link to an input',
  'another output',
  'symlink to another output',
  'hard link to another output',
  '/proc/x',
  '/dev/full',
  'a directory',
  'a missing directory',
  'a path under a file',
  'a loop of links',
  'an existing file',
  'a dangling link',
  'a link to an existing file',
];

/** Kinds a second table (named after its flag's file) can be aimed at. */
const TABLE_KINDS: readonly TargetKind[] = [
  'symlink to an input',
  'hard link to an input',
  'another output',
  'a directory',
  'an existing file',
];

function targetCaseOf(writer: Writer, slotIndex: number, kind: TargetKind, pick: number): FuzzCase | null {
  const slot = writer.outputs[slotIndex];
  const isTable = slot.slot.endsWith('-generalized') || slot.slot.endsWith('-sensitive');
  const others = writer.outputs.filter(
    (o, i) => i !== slotIndex && !o.slot.endsWith('-generalized') && !o.slot.endsWith('-sensitive'),
  );
  const usable = others.filter((o) => !isTable || !slot.slot.startsWith(`${o.slot}-`));
  if (kind.includes('input') && writer.inputs.length === 0) return null;
  if (kind.includes('another output') && usable.length === 0) return null;
  if (isTable && !TABLE_KINDS.includes(kind)) return null;
  return {
    category: 'targets',
    name: `${writer.label}: ${slot.what} at ${kind}`,
    prepare(dir): Prepared {
      const inputs = writer.inputs.map((name) => fixture(dir, name));
      const paths = new Map(writer.outputs.map((o) => [o.slot, join(dir, o.name)]));
      const input = inputs[pick % Math.max(1, inputs.length)];
      const otherSlot = usable[pick % Math.max(1, usable.length)]?.slot;
      const other = otherSlot ? paths.get(otherSlot)! : '';
      // The file the case aims at; a second table is aimed at through its own name beside its flag's file.
      let target = paths.get(slot.slot)!;
      let expect: Expected = { code: 0 };
      let mayWrite: string[] = [];
      let after: (() => string | null) | undefined;
      const refuse = (message: string | RegExp): Expected => ({ code: 2, message });
      const sameFile = () =>
        refuse(
          new RegExp(
            `(^error: ${escapeRegExp(slot.what)}|and ${escapeRegExp(slot.what)}) .*name the same file`,
          ),
        );
      const aim = (path: string) => {
        if (!isTable) target = path;
      };
      switch (kind) {
        case 'input':
          aim(input);
          expect = refuse(`${slot.what} ${input} would overwrite `);
          break;
        case 'symlink to an input':
          aim(join(dir, 'link-in'));
          symlinkSync(input, target);
          expect = refuse(`${slot.what} ${target} would overwrite `);
          break;
        case 'hard link to an input':
          aim(join(dir, 'hard-in'));
          linkSync(input, target);
          expect = refuse(`${slot.what} ${target} would overwrite `);
          break;
        case 'another output':
          if (isTable) paths.set(otherSlot!, target);
          else target = other;
          expect = sameFile();
          break;
        case 'symlink to another output':
          writeFileSync(other, 'old\n');
          aim(join(dir, 'link-out'));
          symlinkSync(other, target);
          expect = sameFile();
          break;
        case 'hard link to another output':
          writeFileSync(other, 'old\n');
          aim(join(dir, 'hard-out'));
          linkSync(other, target);
          expect = sameFile();
          break;
        case '/proc/x':
          aim('/proc/x');
          expect = refuse(`${slot.what} /proc/x: no file can be created in /proc`);
          break;
        case '/dev/full':
          aim('/dev/full');
          expect = refuse(`${slot.what} /dev/full is a character device, not a regular file`);
          break;
        case 'a directory':
          if (isTable) mkdirSync(target);
          else aim(dir);
          expect = refuse(`${slot.what} ${target} is a directory`);
          break;
        case 'a missing directory':
          aim(join(dir, 'no', 'r.json'));
          expect = refuse(`${slot.what} ${target}: the directory ${join(dir, 'no')} does not exist`);
          break;
        case 'a path under a file':
          aim(join(inputs[0] ?? fixture(dir, 'data.dat'), 'r.json'));
          expect = refuse(`${slot.what} ${target}: ${dirname(target)} is not a directory`);
          break;
        case 'a loop of links':
          symlinkSync(join(dir, 'loop-b'), join(dir, 'loop-a'));
          symlinkSync(join(dir, 'loop-a'), join(dir, 'loop-b'));
          aim(join(dir, 'loop-a'));
          expect = refuse(`${slot.what} ${target}: too many symbolic links`);
          break;
        case 'an existing file':
          writeFileSync(target, 'an older file\n');
          after = () =>
            readFileSync(target, 'utf8') === 'an older file\n' ? `${target} was not replaced` : null;
          break;
        case 'a dangling link': {
          const pointed = join(dir, 'pointed');
          aim(join(dir, 'dangling'));
          symlinkSync(pointed, target);
          mayWrite = ['pointed'];
          after = () =>
            !isLink(target)
              ? `${target} is no longer a link`
              : readFileSync(pointed).length === 0
                ? 'nothing written through the link'
                : null;
          break;
        }
        case 'a link to an existing file': {
          const pointed = join(dir, 'pointed');
          writeFileSync(pointed, 'an older file\n');
          aim(join(dir, 'to-existing'));
          symlinkSync(pointed, target);
          after = () =>
            !isLink(target)
              ? `${target} is no longer a link`
              : readFileSync(pointed, 'utf8') === 'an older file\n'
                ? 'the file it points to was not replaced'
                : null;
          break;
        }
      }
      if (!isTable) paths.set(slot.slot, target);
      const argv = writer.argv.map((w) =>
        w.startsWith('%') ? paths.get(w.slice(1))! : w.startsWith('@') ? join(dir, w.slice(1)) : w,
      );
      // A run that works writes every output under its name, a second table beside its flag's file.
      if (expect.code === 0)
        mayWrite = [
          ...mayWrite,
          ...writer.outputs.map((o) => {
            const table = /-(generalized|sensitive)$/.exec(o.slot);
            if (!table) return o.name;
            const file = basename(paths.get(o.slot.slice(0, table.index))!);
            return `${file.replace(/\.[^.]+$/, '')}${table[0]}.csv`;
          }),
        ];
      return { argv, expect, unchanged: inputs, mayWrite, after };
    },
  };
}

const ALL: readonly { writer: Writer; slot: number; kind: TargetKind }[] = WRITERS.flatMap((writer) =>
  writer.outputs.flatMap((_, slot) => KINDS.map((kind) => ({ writer, slot, kind }))),
);

/** Case `index`: the (writer, output, target) combinations in an order shuffled by the seed. */
export const targetCase: CaseSource = (seed, index) => {
  for (let attempt = 0; ; attempt++) {
    const at = index + attempt;
    const round = Math.floor(at / ALL.length);
    const order = caseRng(seed, 'targets', round).shuffle(ALL.map((_, i) => i));
    const { writer, slot, kind } = ALL[order[at % ALL.length]];
    const made = targetCaseOf(writer, slot, kind, pickOf(caseRng(seed, 'targets', at), [0, 1, 2, 3]));
    if (made) return made;
  }
};
