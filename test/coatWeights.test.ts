/** COAT's UL weights from a hierarchy (Def. 3.14; Sec. 6.1 after [24]) and the measure in its notes. */
import { describe, expect, it } from 'vitest';
import { runMethod } from '../src/core/run/runMethod.ts';
import { hierarchyWeights } from '../src/core/methods/coat/hierarchyWeights.ts';
import { datasetOf } from './helpers.ts';

// k = 2, m = 2: the constraint {1, 9} has one row; its least supported item 1 is generalized with
// the partner of least UL: 3 and 2 tie, (2^2 - 1) * 3 rows each (9 is in every row: 6 rows).
const dataset = datasetOf([
  [3, 9],
  [3, 9],
  [2, 9],
  [2, 9],
  [1, 9],
]);
const HIERARCHY = '1;X;*\n2;X;*\n3;Y;*\n9;Y;*\n';

describe('COAT weights from a hierarchy', () => {
  it('w(g) is the share of items under the closest common ancestor', () => {
    const w = hierarchyWeights(dataset, HIERARCHY);
    const id = (t: string) => dataset.dictionary.find(t)!;
    expect(w.of([id('1'), id('2')])).toBe(2 / 4);
    expect(w.ofPair([id('1')], [id('3')])).toBe(1);
    expect(w.of([id('3'), id('9')])).toBe(2 / 4);
    expect(w.of([id('2')])).toBe(1 / 4);
  });

  it('turn a tie of UL into the partner nearer in the hierarchy, and the notes say so with the value', () => {
    const run = (hierarchy: string) => {
      const { release, record } = runMethod(dataset, {
        method: 'coat',
        params: { k: 2, m: 2, hierarchy },
        seed: 1,
      });
      if (release.kind !== 'generalized') throw new Error('expected generalized');
      return { generalized: Object.values(release.generalized), notes: record.notes };
    };
    // Without weights the first item wins the tie (3 appears first).
    const plain = run('');
    expect(plain.generalized).toEqual([['3', '1']]);
    expect(plain.notes['chosen by']).toMatch(/weights 1/);
    const weighted = run(HIERARCHY);
    expect(weighted.generalized).toEqual([['2', '1']]);
    expect(weighted.notes['chosen by']).toMatch(/weights from the hierarchy/);
    // UL = (2^2 - 1) / (2^4 - 1) * w * sup / N = 3/15 * 1/2 * 3/5 (w = 1 without the hierarchy).
    const weightedUl = 'UL generalization, hierarchy weights (log10; the ul metric weighs items 1)';
    expect(weighted.notes['UL generalization (log10)']).toBeUndefined();
    expect(weighted.notes[weightedUl]).toBeCloseTo(Math.log10((3 / 15) * (1 / 2) * (3 / 5)), 3);
    expect(plain.notes['UL generalization (log10)']).toBeCloseTo(Math.log10((3 / 15) * (3 / 5)), 3);
  });
});
