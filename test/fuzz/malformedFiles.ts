/**
 * Malformed input files of every format (issue 21, issue 29): a valid file of each format is
 * generated from random rows, then broken one way: a NUL or control byte, a byte that is not
 * UTF-8, a binary signature in front, nothing but blanks, comments or a header, or the format's
 * own mistakes (a letter in FIMI, an unclosed quote, a short csv-long row, a record too long, an
 * ARFF value not declared, a number that is none). Where the break has one place, `at` is the
 * line and column the error must name. Used by the parser-level fuzz (fuzz.inputs.test.ts) and by
 * the command-line fuzz (fuzz/inputCases.ts).
 */
import fc from 'fast-check';
import type { TextFormat as DatasetFormat } from '../../src/core/data/dataset.ts';

const word = fc.stringMatching(/^[a-z]{1,5}$/);
const rows = <T>(item: fc.Arbitrary<T>) =>
  fc.array(fc.uniqueArray(item, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 12 });

/** A valid file of each format, as text (ASCII, LF line ends). */
export const VALID: Record<DatasetFormat, fc.Arbitrary<string>> = {
  fimi: rows(fc.nat(999)).map((rs) => rs.map((r) => r.join(' ')).join('\n') + '\n'),
  'csv-basket': rows(word).map((rs) => rs.map((r) => r.join(',')).join('\n') + '\n'),
  'csv-long': rows(word).map(
    (rs) => 'tid,item\n' + rs.flatMap((r, t) => r.map((item) => `${t + 1},${item}`)).join('\n') + '\n',
  ),
  relational: fc
    .array(fc.tuple(word, fc.nat(99), fc.constantFrom('x', 'y', 'z')), { minLength: 1, maxLength: 12 })
    .map((rs) => 'name,age,kind\n' + rs.map((r) => r.join(',')).join('\n') + '\n'),
  arff: fc
    .array(
      fc.tuple(fc.constantFrom('x', 'y', '?'), fc.integer({ min: 2, max: 99 }), fc.constantFrom('0', '1')),
      {
        minLength: 1,
        maxLength: 12,
      },
    )
    .map(
      (rs) =>
        '@relation r\n@attribute kind {x,y}\n@attribute age numeric\n@attribute flag {0,1}\n@data\n' +
        rs.map((r) => r.join(',')).join('\n') +
        '\n',
    ),
};

export interface Broken {
  bytes: Uint8Array;
  /** Where the error must be, when the break has one place. */
  at?: [number, number];
  /** What the reason must say. */
  says: string;
}

export const encode = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: ArrayLike<number>[]) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));

/** 1-based line and column of byte `offset` of an ASCII text. */
function position(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset);
  return [before.split('\n').length, offset - before.lastIndexOf('\n')];
}

/** Offsets of the starts of non-empty lines from `firstLine` (1-based) on. */
function lineStarts(text: string, firstLine: number): number[] {
  const starts: number[] = [];
  let offset = 0;
  text.split('\n').forEach((line, i) => {
    if (i + 1 >= firstLine && line !== '') starts.push(offset);
    offset += line.length + 1;
  });
  return starts;
}

const SIGNATURES: [number[], string][] = [
  [[0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], 'an ELF program'],
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG image'],
  [[0x50, 0x4b, 3, 4, 20, 0], 'a ZIP archive'],
  [[0x1f, 0x8b, 8, 0], 'a gzip file'],
  [[...encode('%PDF-1.7\n')], 'a PDF document'],
];

const NOT_UTF8 = [0x80, 0xbf, 0xc0, 0xc1, 0xf5, 0xff];
const CONTROL = [1, 2, 7, 8, 0x0e, 0x1b, 0x1f, 0x7f];

/** The first line of data (after the header) per format. */
const FIRST_DATA_LINE: Record<DatasetFormat, number> = {
  fimi: 1,
  'csv-basket': 1,
  'csv-long': 2,
  relational: 2,
  arff: 6,
};

/** Only what surrounds the data: no transaction at all. */
const EMPTY: Record<DatasetFormat, string[]> = {
  fimi: ['', '\n\n\n', '# only\n% comments\n@here\n', '\r\n\r\n'],
  'csv-basket': ['', '\n\n'],
  'csv-long': ['tid,item\n', 'tid,item\n1,\n2,\n'],
  relational: ['name,age\n', 'name,age\n\n\n'],
  arff: ['@relation r\n@attribute a {0,1}\n@data\n', '@relation r\n@attribute a {0,1}\n@data\n0\n?\n'],
};

/** The format's own mistakes, at a place the error must name. */
function syntaxBreak(format: DatasetFormat, text: string, a: number, b: number): Broken | null {
  const starts = lineStarts(text, FIRST_DATA_LINE[format]);
  const start = starts[a % starts.length];
  const line = text.slice(start, text.indexOf('\n', start));
  const insert = (offset: number, what: string, says: string): Broken => ({
    bytes: encode(text.slice(0, offset) + what + text.slice(offset)),
    at: position(text, offset),
    says,
  });
  switch (format) {
    case 'fimi':
      return insert(start + (b % (line.length + 1)), 'abcx-.'[b % 6], 'expected a non-negative integer item');
    case 'csv-basket':
      return { ...insert(start, '"', 'unterminated quote'), at: undefined };
    case 'csv-long': {
      const short = line.slice(0, line.indexOf(','));
      return {
        bytes: encode(text.slice(0, start) + short + text.slice(start + line.length)),
        at: position(text, start),
        says: 'expected at least 2 fields',
      };
    }
    case 'relational':
      return b % 2 === 0
        ? {
            ...insert(start + line.length, ',extra', 'expected 3 values as in the header, found 4'),
            at: [position(text, start)[0], line.length + 2],
          }
        : {
            bytes: encode(text.replace('name,age,kind', 'name,age,name')),
            at: [1, 10],
            says: "'name' is given twice",
          };
    case 'arff': {
      const [kind, age] = line.split(',');
      const mistakes: [number, string, string][] = [
        [0, 'w', "expected one of {x,y} for attribute 'kind', found 'w'"],
        [kind.length + 1, 'abc', "expected a number for numeric attribute 'age', found 'abc'"],
        [kind.length + age.length + 2, '2', "expected one of {0,1} for attribute 'flag', found '2'"],
      ];
      const [column, value, says] = mistakes[b % 3];
      const old = line.split(',')[b % 3];
      return {
        bytes: encode(text.slice(0, start + column) + value + text.slice(start + column + old.length)),
        at: position(text, start + column),
        says,
      };
    }
  }
}

export const BREAKS = ['nul', 'control', 'notUtf8', 'signature', 'empty', 'syntax'] as const;

export function breakFile(
  format: DatasetFormat,
  text: string,
  how: string,
  a: number,
  b: number,
): Broken | null {
  const offset = a % (text.length + 1);
  const at = position(text, offset);
  const insertByte = (byte: number): Uint8Array =>
    concat(encode(text.slice(0, offset)), [byte], encode(text.slice(offset)));
  switch (how) {
    case 'nul':
      return { bytes: insertByte(0), at, says: `byte 0x00 at line ${at[0]}, column ${at[1]}: a NUL byte` };
    case 'control': {
      const byte = CONTROL[b % CONTROL.length];
      return { bytes: insertByte(byte), at, says: 'a control character: this is not a text file' };
    }
    case 'notUtf8': {
      const byte = NOT_UTF8[b % NOT_UTF8.length];
      return {
        bytes: insertByte(byte),
        at,
        says: `byte 0x${byte.toString(16)} at line ${at[0]}, column ${at[1]}: not UTF-8`,
      };
    }
    case 'signature': {
      const [bytes, what] = SIGNATURES[b % SIGNATURES.length];
      return {
        bytes: concat(bytes, encode(text)),
        at: [1, 1],
        says: `this is not a text file (it starts as ${what} does`,
      };
    }
    case 'empty': {
      const empties = EMPTY[format];
      return {
        bytes: encode(empties[b % empties.length]),
        says: 'expected at least one transaction holding an item',
      };
    }
    default:
      return syntaxBreak(format, text, a, b);
  }
}
