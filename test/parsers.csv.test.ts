import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseText } from '../src/core/data/parsers/index.ts';
import { bucketLabel } from '../src/core/data/parsers/relational.ts';
import { toCsvBasket, toCsvLong } from '../src/core/data/serialize.ts';
import { DatasetBuilder } from '../src/core/data/datasetBuilder.ts';
import { errorOf, tokenRows } from './helpers.ts';

/** Item names with the characters CSV must quote. */
const itemName = fc.stringMatching(/^[a-z ,"']{1,6}$/).filter((s) => s.trim() === s && s !== '');
const namedRows = fc.array(fc.uniqueArray(itemName, { maxLength: 6 }), { maxLength: 25 });

/** A file without any item is refused (issue 21), so round trips start from rows holding one. */
const holdsAnItem = (rows: string[][]) => rows.some((r) => r.length > 0);

function datasetOfNames(rows: string[][]) {
  const builder = new DatasetBuilder();
  rows.forEach((row) => builder.addTokens(row));
  return builder.build('t', 'csv-basket');
}

describe('csv-basket', () => {
  it('honours quoting, trims items, keeps empty lines as empty transactions', () => {
    const { dataset, warnings } = parseText('bread, milk\n"butter, salted",eggs\n\nmilk,,milk\n', {
      fileName: 'b.csv',
      format: 'csv-basket',
    });
    expect(tokenRows(dataset)).toEqual([['bread', 'milk'], ['butter, salted', 'eggs'], [], ['milk']]);
    expect(warnings.total).toBe(2);
    expect(warnings.first.map((w) => w.line)).toEqual([4, 4]);
  });

  it('skips a header row when told, and takes another delimiter', () => {
    const { dataset } = parseText('items\na;b\nc\n', {
      fileName: 'b.csv',
      format: 'csv-basket',
      header: true,
      delimiter: ';',
    });
    expect(tokenRows(dataset)).toEqual([['a', 'b'], ['c']]);
  });

  it('an unterminated quote names the line and column of the opening quote', () => {
    const error = errorOf(() => parseText('a,b\nc,"d\ne\n', { fileName: 'q.csv', format: 'csv-basket' }));
    expect([error.file, error.line, error.column]).toEqual(['q.csv', 2, 3]);
    expect(error.reason).toContain('unterminated quote');
  });

  it('round-trips random named baskets', () => {
    fc.assert(
      fc.property(namedRows.filter(holdsAnItem), (rows) => {
        const original = datasetOfNames(rows);
        const parsed = parseText(toCsvBasket(original), { fileName: 'r.csv', format: 'csv-basket' }).dataset;
        expect(tokenRows(parsed)).toEqual(tokenRows(original));
      }),
    );
  });
});

describe('csv-long', () => {
  it('groups rows by tid in order of first appearance', () => {
    const text = 'tid,item,qty\n7,bread,1\n3,milk,2\n7,eggs,1\n3,milk,1\n9,,0\n';
    const { dataset, warnings } = parseText(text, { fileName: 'l.csv' });
    expect(tokenRows(dataset)).toEqual([['bread', 'eggs'], ['milk'], []]);
    // The qty column is said not to be read; milk twice in transaction 3 is said too.
    expect(warnings.first.map((w) => [w.line, w.message])).toEqual([
      [1, "column 'qty' not read (a csv-long file is read as its 'tid' and 'item' columns)"],
      [5, 'item milk repeats in transaction 3 (kept once)'],
    ]);
  });

  it('reads a recognised export (group,row,item) without a warning about the columns Check reads', () => {
    const text = 'group,row,item\n1,1,a\n1,2,b\n';
    const { dataset, warnings } = parseText(text, {
      fileName: 'g.csv',
      format: 'csv-long',
      tidColumn: 'row',
    });
    expect(tokenRows(dataset)).toEqual([['a'], ['b']]);
    expect(warnings.total).toBe(0);
  });

  it('warns of a row with more fields than the header, never drops them unsaid', () => {
    const { dataset, warnings } = parseText('tid,item\n1,a\n1,b,extra\n', { fileName: 'l.csv' });
    expect(tokenRows(dataset)).toEqual([['a', 'b']]);
    expect(warnings.first).toEqual([
      { line: 3, message: "3 fields, more than the header's 2: the last 1 not read" },
    ]);
  });

  it('takes other column names and reports a missing column', () => {
    const { dataset } = parseText('basket;product\n1;x\n1;y\n', {
      fileName: 'l.csv',
      format: 'csv-long',
      tidColumn: 'basket',
      itemColumn: 'product',
      delimiter: ';',
    });
    expect(tokenRows(dataset)).toEqual([['x', 'y']]);
    const error = errorOf(() => parseText('id,item\n1,a\n', { fileName: 'l.csv', format: 'csv-long' }));
    expect(error.line).toBe(1);
    expect(error.reason).toContain("'tid' and 'item'");
  });

  it('a row too short for the item column names its line', () => {
    const error = errorOf(() => parseText('tid,item\n1,a\n2\n', { fileName: 'l.csv', format: 'csv-long' }));
    expect([error.line, error.column]).toEqual([3, 1]);
  });

  it('round-trips random datasets (transactions keep their order)', () => {
    fc.assert(
      fc.property(namedRows.map((rows) => rows.filter((r) => r.length > 0)).filter(holdsAnItem), (rows) => {
        const original = datasetOfNames(rows);
        const parsed = parseText(toCsvLong(original), { fileName: 'r.csv', format: 'csv-long' }).dataset;
        expect(tokenRows(parsed)).toEqual(tokenRows(original));
      }),
    );
  });
});

describe('relational', () => {
  it('makes column=value items and buckets numeric columns (PatternKa Alg. 3)', () => {
    const text = 'age,sex,zip\n20,M,123\n40,F,456\n30,F,\n';
    const { dataset } = parseText(text, { fileName: 'r.csv', format: 'relational', buckets: 2 });
    expect(dataset.rowTokens(0)).toEqual(['age=[20,30)', 'sex=M', 'zip=[123,289.5)']);
    expect(dataset.rowTokens(1)).toEqual(['age=[30,40]', 'sex=F', 'zip=[289.5,456]']);
    expect(dataset.rowTokens(2)).toEqual(['age=[30,40]', 'sex=F']);
  });

  it('bucket labels split [min, max] into equal widths, the last one closed', () => {
    expect(bucketLabel(0, 0, 100, 4)).toBe('[0,25)');
    expect(bucketLabel(25, 0, 100, 4)).toBe('[25,50)');
    expect(bucketLabel(100, 0, 100, 4)).toBe('[75,100]');
    expect(bucketLabel(5, 5, 5, 4)).toBe('[5,5]');
  });

  it('a record with too many values names the line and the column of the extra value', () => {
    const error = errorOf(() => parseText('a,b\n1,2\n3,4,5\n', { fileName: 'r.csv', format: 'relational' }));
    expect([error.line, error.column]).toEqual([3, 5]);
    expect(error.reason).toBe('expected 2 values as in the header, found 3');
  });
});
