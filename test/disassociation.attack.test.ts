/**
 * The cover problem under attack (views/coverShare.ts): on plain disassociation the inference
 * attack rebuilds associations across chunks that supports force into fewer than k rows; the safe
 * variant (arXiv 1904.03112) publishes no such proof for at most m − 1 known items (its bound 0),
 * by hand on a dataset where the cover occurs and by fast-check over random data.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attackRelease } from '../src/core/attack/attackRelease.ts';
import { inferenceChance } from '../src/core/attack/inference.ts';
import { disassociatedReader } from '../src/core/attack/views/disassociated.ts';
import type { DisassociatedRelease } from '../src/core/release/disassociated.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';

// Ten rows, k = 3, m = 2: item 1 in eight, item 2 in four, {1, 2} in two (< k: separate chunks).
// The chunks' supports force 8 + 4 − 10 = 2 rows to hold {1, 2}: a cover (test/disassociation.test.ts).
const coverRows = [[1], [1], [1], [1], [1], [1], [1, 2], [1, 2], [2], [2]];

function released(rows: number[][], params: Record<string, number | boolean>, seed = 7) {
  const data = datasetOf(rows);
  const run = runMethod(data, { method: 'disassociation', params, seed });
  return { data, release: run.release as DisassociatedRelease, audit: run.audit };
}

describe('the cover attack: plain disassociation against the safe variant', () => {
  it('on a cover, plain disassociation proves the association; the safe release proves nothing', () => {
    const plain = released(coverRows, { k: 3, m: 2, maxCluster: 10, safe: false });
    const view = disassociatedReader.view!(plain.data, plain.release);
    const model = disassociatedReader.secrets!(plain.data, plain.release)!;
    const one = plain.data.dictionary.find('1')!;
    const two = plain.data.dictionary.find('2')!;
    // Row 6 holds {1, 2}. Knowing 2 (four candidate sub-records), the release proves two of the
    // four rows hold 1 too: 2 / 4. Knowing 1 (eight candidates): 2 / 8.
    expect(inferenceChance(view, model, 6, [two])).toBeCloseTo(0.5);
    expect(inferenceChance(view, model, 6, [one])).toBeCloseTo(0.25);
    // A target whose other item is not there is never "proven" to hold it (rows 0 and 8 hold one item).
    expect(model.secrets(0, [one])).toEqual([]);

    const knowledge = { known: [1], choose: 'rarest' as const, targets: 100, seed: 1 };
    const before = attackRelease(plain.data, plain.release, plain.audit, knowledge);
    const inference = before.attacks.find((a) => a.attack === 'inference')!;
    expect(inference.bound).toBeNull(); // plain disassociation claims nothing against it
    expect(inference.after!.worst).toBeCloseTo(0.5);
    expect(inference.holds).toBeNull();

    const safe = released(coverRows, { k: 3, m: 2, maxCluster: 10, safe: true });
    const after = attackRelease(safe.data, safe.release, safe.audit, knowledge);
    const safeInference = after.attacks.find((a) => a.attack === 'inference')!;
    expect(safeInference.bound).toBe(0);
    expect(safeInference.after!.worst).toBe(0);
    expect(safeInference.holds).toBe(true);
    // The input as it stands: knowing 2 of row 6, half the rows holding 2 hold 1.
    expect(safeInference.before.worst).toBeCloseTo(0.5);
    // Identity is unchanged by the variant: both keep 1/k.
    for (const report of [before, after])
      expect(report.attacks.find((a) => a.attack === 'identity')!.holds).toBe(true);
  });

  it('the plain release with its params claiming safe is caught by the attack', () => {
    const plain = released(coverRows, { k: 3, m: 2, maxCluster: 10, safe: false });
    const claimed = { ...plain.release, params: { ...plain.release.params, safe: true } };
    const report = attackRelease(plain.data, claimed, plain.audit, {
      known: [1],
      choose: 'rarest',
      targets: 100,
      seed: 1,
    });
    const inference = report.attacks.find((a) => a.attack === 'inference')!;
    expect(inference.bound).toBe(0);
    expect(inference.holds).toBe(false);
  });

  it('random data: the safe release never lets the cover attack succeed (m − 1 known items); plain sometimes does', () => {
    let attacked = 0;
    let plainBroken = 0;
    fc.assert(
      fc.property(
        arbitraryRows(8, 40, 5),
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 2, max: 3 }),
        fc.nat(1000),
        fc.constantFrom('random', 'rarest', 'frequent'),
        (rows, k, m, seed, choose) => {
          fc.pre(rows.length >= 2 * k && rows.some((r) => r.length > 1));
          const knowledge = { known: [1, m - 1], choose, targets: 1000, seed };
          for (const safe of [true, false]) {
            const run = released(rows, { k, m, maxCluster: 3 * k, safe }, seed);
            const report = attackRelease(run.data, run.release, run.audit, knowledge);
            for (const attack of report.attacks.filter((a) => a.attack === 'inference')) {
              if (safe) {
                expect(attack.bound).toBe(0);
                expect(attack.after!.worst, JSON.stringify(attack)).toBe(0);
                attacked += attack.targets;
              } else {
                expect(attack.bound).toBeNull();
                if (attack.after!.worst > 0) plainBroken++;
              }
            }
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(attacked).toBeGreaterThan(0);
    expect(plainBroken).toBeGreaterThan(0);
  });
});
