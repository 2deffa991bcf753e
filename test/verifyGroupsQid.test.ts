/**
 * verifyGroups reads published QID rows as ids (groupsIndex.ts): every way a published row can
 * differ from its input row's QID part is still caught, and a faithful row in any order passes.
 */
import { describe, expect, it } from 'vitest';
import { verifyRelease } from '../src/core/release/verify.ts';
import type { GroupsAudit, GroupsRelease } from '../src/core/release/types.ts';
import { parseText } from '../src/core/data/parsers/index.ts';
import { groupsReleaseOf, typedAudit } from './helpers.ts';

const { dataset } = parseText('a,b,s\nb,c\nc,d\nd,a,s\n', { fileName: 'rows.csv' });
const audit = typedAudit({
  groups: [
    [0, 1],
    [2, 3],
  ],
}) as GroupsAudit;
const release = (qid: string[][][]): GroupsRelease =>
  groupsReleaseOf([
    { qid: qid[0], sensitive: { s: 1 } },
    { qid: qid[1], sensitive: { s: 1 } },
  ]);
const faithful = [
  [
    ['a', 'b'],
    ['b', 'c'],
  ],
  [
    ['c', 'd'],
    ['d', 'a'],
  ],
];

describe('verifyGroups: published QID rows against their input rows', () => {
  it('passes the faithful release, items in any order', () => {
    expect(verifyRelease(dataset, release(faithful), audit).verified).toBe(true);
    const reordered = faithful.map((group) => group.map((row) => [...row].reverse()));
    expect(verifyRelease(dataset, release(reordered), audit).verified).toBe(true);
  });

  it.each([
    [
      'a repeated item',
      [
        ['a', 'b', 'b'],
        ['b', 'c'],
      ],
    ],
    [
      'an item repeated in place of another',
      [
        ['a', 'a'],
        ['b', 'c'],
      ],
    ],
    ['an item left out', [['a'], ['b', 'c']]],
    [
      'an item added',
      [
        ['a', 'b', 'c'],
        ['b', 'c'],
      ],
    ],
    [
      'a token that is no input item',
      [
        ['a', 'x'],
        ['b', 'c'],
      ],
    ],
    [
      'the sensitive item in a QID row',
      [
        ['a', 'b', 's'],
        ['b', 'c'],
      ],
    ],
    [
      'two rows swapped',
      [
        ['b', 'c'],
        ['a', 'b'],
      ],
    ],
  ])('catches %s', (_, first) => {
    const result = verifyRelease(dataset, release([first, faithful[1]]), audit);
    expect(result.verified).toBe(false);
    expect(result.problems.join('\n')).toMatch(/published QID items differ|no item of the input/);
  });
});
