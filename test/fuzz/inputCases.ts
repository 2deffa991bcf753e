/**
 * Malformed files in every format through the command line: the broken files of
 * malformedFiles.ts, plain or gzip-compressed, read by `stats` (or `anonymize`, which must refuse
 * them before writing anything): exit 2 with `file:line:column: reason` where the break has one
 * place, the file and the reason otherwise. Besides: a gzip file cut short (the line and column
 * its text had reached), a gzip bomb (refused early with the figures), a file that is missing, a
 * directory or a pipe, and a csv-long file with a column it does not read (exit 0, with the
 * warning).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { TextFormat as DatasetFormat } from '../../src/core/data/dataset.ts';
import { caseRng, escapeRegExp, pickOf, type CaseSource, type FuzzCase, type Prepared } from './fuzzCase.ts';
import { BREAKS, breakFile, encode, VALID } from './malformedFiles.ts';

const FORMATS = Object.keys(VALID) as DatasetFormat[];
const EXTENSION: Record<DatasetFormat, string> = {
  fimi: 'dat',
  'csv-basket': 'csv',
  'csv-long': 'csv',
  relational: 'csv',
  arff: 'arff',
};

/** A valid file of `format`, drawn from the case's seed. */
function validText(format: DatasetFormat, seed: number): string {
  return fc.sample(VALID[format], { seed, numRuns: 1 })[0];
}

function malformed(seed: number, index: number): FuzzCase | null {
  const rng = caseRng(seed, 'inputs', index);
  const format = pickOf(rng, FORMATS);
  const how = pickOf(rng, BREAKS);
  const text = validText(format, rng.nextU32());
  const broken = breakFile(format, text, how, rng.nextU32(), rng.nextU32());
  if (!broken) return null;
  const compressed = rng.int(3) === 0;
  const command = rng.int(4) === 0 ? 'anonymize' : 'stats';
  const detect = how === 'signature' && rng.int(2) === 0;
  const fileName = `broken.${EXTENSION[format]}${compressed ? '.gz' : ''}`;
  // A file that starts as gzip does is read as gzip (by its first bytes): its data is no deflate.
  const gzipMagic = !compressed && broken.bytes[0] === 0x1f && broken.bytes[1] === 0x8b;
  const at = broken.at && !gzipMagic ? `:${broken.at[0]}:${broken.at[1]}` : ':\\d+:\\d+';
  const says = gzipMagic ? 'not a readable gzip file' : broken.says;
  return {
    category: 'inputs',
    name: `${command} ${format}${compressed ? ' (gzip)' : ''}: ${how}`,
    prepare(dir): Prepared {
      const path = join(dir, fileName);
      writeFileSync(path, compressed ? gzipSync(broken.bytes) : broken.bytes);
      const forced = detect ? [] : ['--format', format];
      const argv =
        command === 'stats'
          ? ['stats', path, ...forced]
          : [
              'anonymize',
              path,
              ...forced,
              '--method',
              'pta',
              '--k',
              '2',
              '--workers',
              '1',
              '--out',
              join(dir, 'r.json'),
            ];
      return {
        argv,
        expect: { code: 2, message: new RegExp(`${escapeRegExp(fileName)}${at}: .*${escapeRegExp(says)}`) },
        unchanged: [path],
      };
    },
  };
}

/** The other ways a file is not read, in turn. */
const OTHERS: ((seed: number, index: number) => FuzzCase)[] = [
  (seed, index) => {
    const rng = caseRng(seed, 'inputs', index);
    const text = validText('fimi', rng.nextU32()).repeat(20);
    const whole = gzipSync(encode(text));
    const cut = 10 + rng.int(Math.max(1, whole.length - 18));
    return {
      category: 'inputs',
      name: `a gzip file cut at byte ${cut} of ${whole.length}`,
      prepare(dir) {
        const path = join(dir, 'cut.dat.gz');
        writeFileSync(path, whole.subarray(0, cut));
        return {
          argv: ['stats', path],
          expect: {
            code: 2,
            message:
              /cut\.dat\.gz:\d+:\d+: not a readable gzip file \(unexpected end of file\) after \d+ bytes of text/,
          },
          unchanged: [path],
        };
      },
    };
  },
  (seed, index) => {
    const rng = caseRng(seed, 'inputs', index);
    const filler = pickOf(rng, [' ', '\t', '1 2 3\n', '7\n']);
    const size = 8_000_000 + rng.int(8_000_000);
    return {
      category: 'inputs',
      name: `a gzip bomb: ${size} bytes of ${JSON.stringify(filler)}`,
      prepare(dir) {
        const path = join(dir, 'bomb.dat.gz');
        writeFileSync(path, gzipSync(filler.repeat(Math.ceil(size / filler.length))));
        return {
          argv: ['stats', path],
          expect: {
            code: 2,
            message:
              /bomb\.dat\.gz: refused: [\d,]+ compressed bytes expand past [\d,]+ bytes, more than 300 times their size/,
          },
          unchanged: [path],
        };
      },
    };
  },
  () => ({
    category: 'inputs',
    name: 'a file that does not exist',
    prepare: (dir) => ({
      argv: ['stats', join(dir, 'none.dat')],
      expect: { code: 2, message: /none\.dat: no such file or directory \(ENOENT\)$/ },
    }),
  }),
  () => ({
    category: 'inputs',
    name: 'a directory',
    prepare: (dir) => ({
      argv: ['anonymize', dir, '--method', 'pta', '--out', join(dir, 'r.json')],
      expect: { code: 2, message: `${dir}: is a directory, not a file` },
    }),
  }),
  () => ({
    category: 'inputs',
    name: 'a named pipe',
    prepare(dir) {
      const path = join(dir, 'pipe.dat');
      execFileSync('mkfifo', [path]);
      return { argv: ['stats', path], expect: { code: 2, message: `${path}: not a regular file` } };
    },
  }),
  (seed, index) => {
    const rng = caseRng(seed, 'inputs', index);
    const extra = pickOf(rng, ['qty', 'price', 'store']);
    return {
      category: 'inputs',
      name: `csv-long with a column '${extra}' it does not read`,
      prepare(dir) {
        const path = join(dir, 'long.csv');
        writeFileSync(path, `tid,item,${extra}\n1,a,2\n1,b,1\n2,a,5\n`);
        return {
          argv: ['stats', path],
          expect: {
            code: 0,
            warning: `long.csv:1: column '${extra}' not read`,
            stdout: (json) =>
              (json as { transactions: number }).transactions === 2 ? null : 'expected 2 transactions',
          },
          unchanged: [path],
        };
      },
    };
  },
];

/** Four cases in five a malformed file, the fifth one of the others in turn. */
export const inputCase: CaseSource = (seed, index) => {
  if (index % 5 === 4) return OTHERS[Math.floor(index / 5) % OTHERS.length](seed, index);
  for (let attempt = 0; ; attempt++) {
    const made = malformed(seed, index + attempt * 1_000_003);
    if (made) return made;
  }
};
