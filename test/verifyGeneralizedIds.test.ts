/**
 * verifyGeneralized reads published rows as ids (publishedRows.ts) against each input row mapped
 * through the release's generalized items: every way a published row can differ is still caught,
 * named as before, and a faithful row in any order passes. Data: a and b generalize to the label
 * "ab", c is suppressed, and the label "d" shares its name with an input item (d itself then
 * generalized into it with e), k = 1, m = 2.
 */
import { describe, expect, it } from 'vitest';
import { parseText } from '../src/core/data/parsers/index.ts';
import { verifyRelease } from '../src/core/release/verify.ts';
import type { GeneralizedAudit, GeneralizedRelease } from '../src/core/release/types.ts';
import { typed } from './helpers.ts';

const { dataset } = parseText('a,c,f\nb,d\ne,f\nf\n', { fileName: 'rows.csv' });
const audit: GeneralizedAudit = { rowOf: Uint32Array.of(0, 1, 2, 3) };
const release = (transactions: string[][]): GeneralizedRelease =>
  typed({
    format: 'txanon-release/1',
    model: 'km-anonymity',
    method: 'test',
    params: { k: 1, m: 2 },
    seed: 1,
    sensitive: [],
    kind: 'generalized',
    generalized: { ab: ['a', 'b'], d: ['d', 'e'] },
    suppressed: ['c'],
    transactions,
  });
const faithful = [['ab', 'f'], ['ab', 'd'], ['d', 'f'], ['f']];

describe('verifyGeneralized: published rows against their mapped input rows', () => {
  it('passes the faithful release, items in any order', () => {
    expect(verifyRelease(dataset, release(faithful), audit).problems).toEqual([]);
    const reordered = faithful.map((row) => [...row].reverse());
    expect(verifyRelease(dataset, release(reordered), audit).verified).toBe(true);
  });

  it.each([
    ['a repeated item', [['ab', 'f', 'f'], ...faithful.slice(1)], /row 1 repeats item f/],
    [
      'a generalized item published as itself',
      [['a', 'f'], ...faithful.slice(1)],
      /row 1 holds a, which is no item/,
    ],
    [
      'a suppressed item published',
      [['ab', 'c', 'f'], ...faithful.slice(1)],
      /row 1 holds c, which is no item/,
    ],
    [
      'a token that is no item',
      [['ab', 'f', 'zz'], ...faithful.slice(1)],
      /row 1 holds zz, which is no item/,
    ],
    ['an item left out', [['ab'], ...faithful.slice(1)], /row 1 is not input row 0/],
    ['another row’s label', [faithful[0], ['d', 'f'], ...faithful.slice(2)], /row 2 is not input row 1/],
    ['rows swapped', [faithful[1], faithful[0], ...faithful.slice(2)], /row 1 is not input row 0/],
    ['an empty row for a full one', [...faithful.slice(0, 3), []], /row 4 is not input row 3/],
  ])('rejects %s', (_, transactions, problem) => {
    const result = verifyRelease(dataset, release(transactions), audit);
    expect(result.verified).toBe(false);
    expect(result.problems.join('\n')).toMatch(problem);
  });
});
