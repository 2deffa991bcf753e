import { describe, expect, it } from 'vitest';
import { checkDataset } from '../src/core/check/checkDataset.ts';
import { columnsByAttribute, parseColumnSplit } from '../src/core/check/columnSplit.ts';
import { DatasetBuilder } from '../src/core/data/datasetBuilder.ts';

const datasetOfTokens = (rows: string[][]) => {
  const builder = new DatasetBuilder();
  for (const row of rows) builder.addTokens(row);
  return builder.build('check', 'csv-basket');
};

describe('checking a dataset as it stands, with the release verifiers', () => {
  it('k-anonymity: the smallest class of identical rows, the rarest row named first', () => {
    const data = datasetOfTokens([['a', 'b'], ['b', 'a'], ['a', 'b'], ['c'], ['c'], ['d']]);
    expect(checkDataset(data, { model: 'k-anonymity', k: 1 })).toMatchObject({ holds: true, offered: 1 });
    const result = checkDataset(data, { model: 'k-anonymity', k: 3 });
    expect(result.holds).toBe(false);
    // Named by the first row of the class, its items in order of value.
    expect(result.problems[0]).toBe('published row 6 [d] occurs 1 time(s), fewer than k = 3');
    expect(result.problems[1]).toBe('published row 4 [c] occurs 2 time(s), fewer than k = 3');
    const numbers = checkDataset(datasetOfTokens([['121', '13', '11', '2', 'x']]), {
      model: 'k-anonymity',
      k: 2,
    });
    expect(numbers.problems[0]).toBe(
      'published row 1 [2, 11, 13, 121, x] occurs 1 time(s), fewer than k = 2',
    );
  });

  it('k^m-anonymity: every itemset of up to m items', () => {
    const data = datasetOfTokens([
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'c'],
      ['a', 'c', 'b'],
    ]);
    const m1 = checkDataset(data, { model: 'km-anonymity', k: 2, m: 1 });
    expect(m1).toMatchObject({ holds: true, offered: 2 });
    const m2 = checkDataset(data, { model: 'km-anonymity', k: 2, m: 2 });
    expect(m2.holds).toBe(false);
    expect(m2.offered).toBe(1);
    expect(m2.problems[0]).toBe('itemset {b, c} occurs in 1 rows, fewer than k = 2');
  });

  it('privacy degree: groups of identical QID items, degree |G| / f_s', () => {
    // QID {a}: 2 rows, s once -> degree 2; QID {b}: 3 rows, s once -> 3.
    const data = datasetOfTokens([['a', 's'], ['a'], ['b', 's'], ['b'], ['b']]);
    const request = { model: 'p-degree' as const, sensitive: { items: ['s'] }, seed: 1 };
    expect(checkDataset(data, { ...request, p: 2 })).toMatchObject({ holds: true, offered: 2 });
    const p3 = checkDataset(data, { ...request, p: 3 });
    expect(p3.holds).toBe(false);
    expect(p3.problems).toEqual(['group 1: degree 2/1 < p = 3 for s']);
    // What the offending group holds: its shared QID items and its sensitive counts.
    expect(p3.offendingGroups).toEqual([{ group: 1, rows: 2, qid: ['a'], sensitive: { s: 1 }, degree: 2 }]);
    expect(checkDataset(data, { ...request, p: 2 }).offendingGroups).toEqual([]);
  });

  it('l-diversity without a split on items that are not column=value: asks for a split up front', () => {
    const baskets = datasetOfTokens([
      ['milk', 'bread'],
      ['bread', 'tea'],
      ['milk', 'tea'],
    ]);
    expect(() => checkDataset(baskets, { model: 'l-diversity', l: 2, columns: [] })).toThrow(
      /needs a column split .*not column=value pairs/,
    );
  });

  it('l-diversity over a column split: buckets of rows alike on the known column', () => {
    const data = datasetOfTokens([
      ['age=1', 'dx=x'],
      ['age=1', 'dx=y'],
      ['age=2', 'dx=x'],
      ['age=2', 'dx=x'],
    ]);
    const columns = columnsByAttribute(data);
    expect(columns).toEqual([
      ['age=1', 'age=2'],
      ['dx=x', 'dx=y'],
    ]);
    const result = checkDataset(data, { model: 'l-diversity', l: 2, columns });
    expect(result).toMatchObject({ holds: false, offered: 1 });
    expect(result.problems[0]).toBe(
      '1 of 2 bucket(s) have a value held by more than 1/2 of their rows (anatomy Def. 5).',
    );
    expect(result.problems[1]).toMatch(/^bucket 2, column 1: 2 of its 2 rows hold \{dx=x\} there/);
    expect(checkDataset(data, { model: 'l-diversity', l: 1, columns }).holds).toBe(true);
    expect(() =>
      checkDataset(data, { model: 'l-diversity', l: 2, columns: [['age=1', 'age=2'], ['dx=x']] }),
    ).toThrow('the column split leaves out 1 item(s), e.g. dx=y');
    expect(parseColumnSplit('a, b\nc\n\n')).toEqual([['a', 'b'], ['c']]);
    expect(() => parseColumnSplit('a,b')).toThrow('at least two lines');
  });

  it('l-diversity on baskets: the failing buckets in a few sentences, and the sensitive items drawn listed', () => {
    // 40 rows each alike to no other on its known items; 4 of them hold the sensitive item s.
    const rows = Array.from({ length: 40 }, (_, i) => [`k${i}`, ...(i % 10 === 0 ? ['s'] : [])]);
    const result = checkDataset(datasetOfTokens(rows), {
      model: 'l-diversity',
      l: 2,
      columns: [],
      sensitive: { items: ['s'] },
      seed: 1,
    });
    expect(result.holds).toBe(false);
    expect(result.problems.slice(0, 3)).toEqual([
      '40 of 40 bucket(s) have a value held by more than 1/2 of their rows (anatomy Def. 5).',
      expect.stringMatching(/^40 of them hold one row only: no other row has the same known items/),
      expect.stringMatching(/^In 36 of them the value held too often is "nothing"/),
    ]);
    // Then the verifier's first five buckets and a count, not 40 lines.
    expect(result.problems).toHaveLength(9);
    expect(result.problems.at(-1)).toMatch(/^… and \d+ more/);
    expect(result.reading).toMatch(/Sensitive items \(column 2, 1\): s\.$/);
  });
});
