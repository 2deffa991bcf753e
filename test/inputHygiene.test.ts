/**
 * Issue 21, cases 3, 4, 5 and the parser items of case 10: garbage never becomes data. A file that
 * is not text, or holds no item, is refused with what was found where; bare CR ends a line; a
 * missing value of a one-column relational file is an empty transaction; odd but valid input
 * (ARFF numbers, header names, sparse indices, huge numbers) is read right or refused by name.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DatasetFormat } from '../src/core/data/dataset.ts';
import { parseBytes, parseText } from '../src/core/data/parsers/index.ts';
import { parseChunks } from '../src/core/data/parseChunks.ts';
import { ParseError } from '../src/core/data/parsers/parseError.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { errorOf, tokenRows } from './helpers.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));
const parse = (data: Uint8Array, fileName: string, format?: DatasetFormat) =>
  parseBytes(data, { fileName, format });

/** The first bytes of an ELF program (a Linux binary), as `cp /bin/ls x.dat` would give. */
const ELF = [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x2c, 0x0a, 0x31, 0x2c, 0x32];

describe('case 3: a file that is not text is refused, never read as items', () => {
  it('a binary program named x.dat: detected by its signature, whatever the format', () => {
    for (const format of [undefined, 'fimi', 'csv-basket', 'relational'] as const) {
      const error = errorOf(() => parse(bytes(ELF), 'x.dat', format));
      expect([error.line, error.column]).toEqual([1, 1]);
      expect(error.reason).toBe(
        'byte 0x7f at line 1, column 1: this is not a text file (it starts as an ELF program does)',
      );
    }
    expect(errorOf(() => parse(bytes([0x89], 'PNG\r\n'), 'a.csv')).reason).toContain('PNG image');
    expect(errorOf(() => parse(bytes('PK', [3, 4, 20, 0]), 'a.csv')).reason).toContain('ZIP archive');
  });

  it('NUL bytes and invalid UTF-8 in csv-basket, csv-long, relational and ARFF: refused where they stand', () => {
    const cases: [DatasetFormat, string, string][] = [
      ['csv-basket', 'a,b\nc,', 'd\n'],
      ['csv-long', 'tid,item\n1,a\n2,', 'b\n'],
      ['relational', 'x,y\n1,a\n2,', 'b\n'],
      ['arff', '@relation r\n@attribute x string\n@data\n', 'a\n'],
    ];
    for (const [format, before, after] of cases) {
      const line = before.split('\n').length;
      const column = before.length - before.lastIndexOf('\n');
      const nul = errorOf(() => parse(bytes(before, [0], after), 'f.txt', format));
      expect([nul.line, nul.column], format).toEqual([line, column]);
      expect(nul.reason).toBe(
        `byte 0x00 at line ${line}, column ${column}: a NUL byte: this is not a text file`,
      );
      const latin1 = errorOf(() => parse(bytes(before, [0xe9], after), 'f.txt', format));
      expect([latin1.line, latin1.column], format).toEqual([line, column]);
      expect(latin1.reason).toContain(`byte 0xe9 at line ${line}, column ${column}: not UTF-8`);
    }
    // FIMI too, and a comment line is no hiding place.
    expect(errorOf(() => parse(bytes('1 2\n3 ', [0xff], '\n'), 'f.dat', 'fimi')).reason).toContain(
      'byte 0xff at line 2, column 3: not UTF-8',
    );
    expect(errorOf(() => parse(bytes('# note ', [0], '\n1 2\n'), 'f.dat', 'fimi')).reason).toContain(
      'byte 0x00 at line 1, column 8',
    );
    // Valid UTF-8 stays text: an accented item in csv-basket is an item.
    expect(tokenRows(parseText('café,thé\n', { fileName: 'b.csv' }).dataset)).toEqual([['café', 'thé']]);
  });

  it('a file that holds no transaction is refused, saying what it holds', () => {
    const cases: [string, string, DatasetFormat | undefined, string][] = [
      ['empty.dat', '', undefined, 'the file is empty (0 bytes)'],
      ['blank.dat', '\n\n\n', 'fimi', 'its 3 line(s) hold no item'],
      ['comments.dat', '# a\n% b\n@c\n', 'fimi', 'the file holds only 3 comment line(s) (# % @)'],
      ['blank.csv', '\n\n', 'csv-basket', 'its 2 line(s) hold no item'],
      ['header.csv', 'items\n', undefined, 'the file holds only the header row'],
      ['long.csv', 'tid,item\n', 'csv-long', 'the file holds only the header row'],
      ['rel.csv', 'age,sex\n', 'relational', 'the file holds only the header row'],
      [
        'r.arff',
        '@relation r\n@attribute a {0,1}\n@data\n',
        undefined,
        'the @data section (line 3) holds no row',
      ],
      [
        'z.arff',
        '@relation r\n@attribute a {0,1}\n@data\n0\n0\n',
        undefined,
        'its 2 data row(s) hold no item (every value is absent or missing)',
      ],
    ];
    for (const [fileName, text, format, found] of cases) {
      const header = fileName === 'header.csv';
      const error = errorOf(() =>
        parseText(text, { fileName, format: format ?? (header ? 'csv-basket' : undefined), header }),
      );
      expect(error.reason, fileName).toBe(`${found}: expected at least one transaction holding an item`);
    }
  });

  it('coat and apriori-km write no release of an empty file (exit 2)', async () => {
    const tmp = scratch('hygiene');
    const empty = tmp.file('empty.dat', '# nothing here\n');
    for (const method of ['coat', 'apriori-km']) {
      const out = tmp.path(`${method}.json`);
      const run = await cliInProcess('anonymize', empty, '--method', method, '--k', '2', '--out', out);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('holds only 1 comment line(s)');
      expect(existsSync(out)).toBe(false);
    }
  });
});

describe("case 3 in a gzip file: the error is the data's, wherever it stands", () => {
  it('a bad line past the first 64 kB of a decompressed file is a ParseError, not "not a readable gzip file"', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => `${i % 100} ${200 + (i % 7)}`).join('\n');
    async function* chunks() {
      yield new TextEncoder().encode(rows + '\n');
      yield bytes('3 ', [0], '\n');
    }
    const error = await parseChunks(chunks(), { fileName: 'big.dat.gz' }, true).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).message).toBe(
      'big.dat.gz:30001:3: byte 0x00 at line 30001, column 3: a NUL byte: this is not a text file',
    );
  });
});

describe('case 4: a bare CR ends a line', () => {
  it('in FIMI, CSV and ARFF; CR LF is one line end', () => {
    expect(tokenRows(parseText('1 2\r3 4\r5\r', { fileName: 'x.dat' }).dataset)).toEqual([
      ['1', '2'],
      ['3', '4'],
      ['5'],
    ]);
    expect(parseText('1 2\r\n\r\n3\r', { fileName: 'x.dat' }).dataset.n).toBe(3);
    expect(tokenRows(parseText('a,b\rc\r', { fileName: 'b.csv', format: 'csv-basket' }).dataset)).toEqual([
      ['a', 'b'],
      ['c'],
    ]);
    const arff = '@relation r\r@attribute a {0,1}\r@attribute b {0,1}\r@data\r1,0\r1,1\r';
    expect(parseText(arff, { fileName: 'r.arff' }).dataset.n).toBe(2);
    // The line numbers of errors count bare CRs too.
    expect(errorOf(() => parseText('1 2\r3 x\r', { fileName: 'x.dat' })).line).toBe(2);
  });
});

describe('case 5: a one-column relational file keeps the records whose value is missing', () => {
  it('50 records, 4 of them missing: 50 transactions, 4 empty', () => {
    const values = Array.from({ length: 50 }, (_, i) => (i % 13 === 5 ? '' : `v${i % 3}`));
    const { dataset } = parseText(`colour\n${values.join('\n')}\n`, {
      fileName: 'c.csv',
      format: 'relational',
    });
    expect(dataset.n).toBe(50);
    expect(tokenRows(dataset).filter((r) => r.length === 0)).toHaveLength(4);
    // With several columns a blank line is no record, and a warning says so.
    const several = parseText('a,b\n1,2\n\n3,4\n', { fileName: 'r.csv', format: 'relational' });
    expect(several.dataset.n).toBe(2);
    expect(several.warnings.first).toEqual([{ line: 3, message: 'blank line: no record' }]);
  });
});

describe('case 10: parser details', () => {
  it('relational bucket labels stay finite for values near ±1e308', () => {
    const text = 'x,y\n-1.7e308,a\n0,b\n1.7976931348623157e308,c\n';
    const { dataset } = parseText(text, { fileName: 'r.csv', format: 'relational', buckets: 4 });
    const labels = dataset.dictionary.tokens.filter((t) => t.startsWith('x='));
    // Width (max - min) / 4 = 8.744e307, though max - min itself overflows to Infinity.
    expect(labels).toEqual([
      'x=[-1.7e+308,-8.25577e+307)',
      'x=[-8.25577e+307,4.88466e+306)',
      'x=[9.2327e+307,1.79769e+308]',
    ]);
    expect(labels.join()).not.toMatch(/NaN|Infinity/);
  });

  it('a numeric column holds decimal numbers only: 0x10 and Infinity make it a text column', () => {
    const { dataset } = parseText('n\n0x10\n5\n', { fileName: 'r.csv', format: 'relational' });
    expect(dataset.dictionary.tokens).toEqual(['n=0x10', 'n=5']);
  });

  it('ARFF: a numeric attribute refuses abc; a sparse index given twice is an error', () => {
    const numeric = '@relation r\n@attribute age numeric\n@data\n31\nabc\n';
    const abc = errorOf(() => parseText(numeric, { fileName: 'r.arff' }));
    expect([abc.line, abc.column]).toEqual([5, 1]);
    expect(abc.reason).toBe("expected a number for numeric attribute 'age', found 'abc'");
    const sparse = '@relation r\n@attribute a {0,1}\n@attribute b {0,1}\n@data\n{0 1, 1 1, 0 0}\n';
    const twice = errorOf(() => parseText(sparse, { fileName: 'r.arff' }));
    expect([twice.line, twice.column]).toEqual([5, 12]);
    expect(twice.reason).toBe('attribute index 0 is given twice in this sparse row (first at column 2)');
    const declared = '@relation r\n@attribute a {0,1}\n@attribute a {0,1}\n@data\n1,1\n';
    expect(errorOf(() => parseText(declared, { fileName: 'r.arff' })).reason).toContain(
      "'a' is declared twice",
    );
  });

  it('relational: a column name given twice, or none, is an error naming the column', () => {
    const twice = errorOf(() =>
      parseText('age,sex,age\n1,M,2\n', { fileName: 'r.csv', format: 'relational' }),
    );
    expect([twice.line, twice.column]).toEqual([1, 9]);
    expect(twice.reason).toContain("column name 'age' is given twice (columns 1 and 3)");
    const unnamed = errorOf(() => parseText('age,,x\n1,2,3\n', { fileName: 'r.csv', format: 'relational' }));
    expect(unnamed.reason).toBe('column 2 of the header has no name');
  });

  it('FIMI items with leading zeros are read as numbers, and said', () => {
    const { dataset, warnings } = parseText('007 7 8\n00\n', { fileName: 'x.dat' });
    expect(tokenRows(dataset)).toEqual([['7', '8'], ['0']]);
    expect(warnings.first.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '1: item 007 read as 7',
      '1: 1 repeated item(s) kept once',
      '2: item 00 read as 0',
    ]);
  });
});
