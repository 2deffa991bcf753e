import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createParser, parseText } from '../src/core/data/parsers/index.ts';
import { toFimi } from '../src/core/data/serialize.ts';
import { errorOf, arbitraryRows, datasetOf, sortedStrings, tokenRows, withAnItem } from './helpers.ts';

const fimi = (text: string) => parseText(text, { fileName: 'x.dat', format: 'fimi' });

describe('fimi parser', () => {
  it('reads rows, sorts and dedups them, and names items by token', () => {
    const { dataset, warnings } = fimi('10 20 30\n30 10\n\n7 7 8\n');
    expect(dataset.n).toBe(4);
    expect(tokenRows(dataset)).toEqual([['10', '20', '30'], ['10', '30'], [], ['7', '8']]);
    expect(dataset.dictionary.tokens).toEqual(['10', '20', '30', '7', '8']);
    expect(warnings.total).toBe(1);
    expect(warnings.first[0]).toEqual({ line: 4, message: '1 repeated item(s) kept once' });
  });

  it('a final newline is not a transaction, a missing one loses nothing', () => {
    expect(fimi('1 2\n3\n').dataset.n).toBe(2);
    expect(fimi('1 2\n3').dataset.n).toBe(2);
    expect(fimi('1\n\n').dataset.n).toBe(2);
    // A file without an item is refused (issue 21): nothing to anonymize, never an empty dataset.
    expect(errorOf(() => fimi('')).reason).toContain('the file is empty (0 bytes)');
    expect(errorOf(() => fimi('\n')).reason).toContain('its 1 line(s) hold no item');
  });

  it('skips comment lines, accepts tabs, CRLF and a BOM', () => {
    const { dataset } = fimi('\uFEFF# header\n1\t2\r\n% note\n@meta\n3  4 \r\n');
    expect(tokenRows(dataset)).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('a letter names file, line and column and suggests csv-basket', () => {
    const error = errorOf(() => fimi('1 2 3\n4 5 x 6\n'));
    expect(error.file).toBe('x.dat');
    expect(error.line).toBe(2);
    expect(error.column).toBe(5);
    expect(error.message).toBe(
      "x.dat:2:5: expected a non-negative integer item, found 'x' (items that are names need format csv-basket)",
    );
  });

  it('a negative number and a comment mark inside a line are errors too', () => {
    expect(errorOf(() => fimi('1 -2\n')).column).toBe(3);
    expect(errorOf(() => fimi('1 2 # c\n')).column).toBe(5);
    expect(errorOf(() => fimi('1 2.5\n')).message).toContain("found '.'");
  });

  it('gives the same dataset however the bytes are split into chunks', () => {
    fc.assert(
      fc.property(
        withAnItem(arbitraryRows(200, 30, 10)),
        fc.array(fc.nat(), { maxLength: 6 }),
        (rows, cuts) => {
          const bytes = new TextEncoder().encode(toFimi(datasetOf(rows)));
          const positions = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const parser = createParser({ fileName: 'x.dat', format: 'fimi' }, bytes);
          let start = 0;
          for (const position of [...positions, bytes.length]) {
            parser.push(bytes.subarray(start, position));
            start = position;
          }
          expect(tokenRows(parser.finish().dataset)).toEqual(rows.map(sortedStrings));
        },
      ),
    );
  });

  it('round-trips: parse(serialize(random dataset)) gives the same transactions', () => {
    fc.assert(
      fc.property(withAnItem(arbitraryRows(1000, 60, 15)), (rows) => {
        const original = datasetOf(rows);
        const parsed = fimi(toFimi(original)).dataset;
        expect(parsed.n).toBe(rows.length);
        expect(tokenRows(parsed)).toEqual(tokenRows(original));
      }),
    );
  });

  it('every row is sorted ascending without duplicates in CSR form', () => {
    const { dataset } = fimi('5 3 9 3\n2 1\n');
    expect([...dataset.offsets]).toEqual([0, 3, 5]);
    for (let r = 0; r < dataset.n; r++) {
      const row = [...dataset.row(r)];
      expect(row).toEqual([...new Set(row)].sort((a, b) => a - b));
    }
  });
});
