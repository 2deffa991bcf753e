/**
 * hkp-coherence releases against the attacks of core/attack (fast-check over random datasets): an
 * attacker who knows at most p of a person's public items singles out their row with probability
 * at most 1/k (identity) and is at most h sure of a private item they hold (inference), the
 * worst target counted (Xu et al., KDD 2008, Sec. 2); past p the model claims nothing. The input
 * as it stands breaks the bounds on some of the same data (the attacks are not vacuous).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attackRelease } from '../src/core/attack/attackRelease.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { itemSupports } from '../src/core/data/stats.ts';
import { arbitraryRows, datasetOf, withAnItem } from './helpers.ts';

describe('hkp-coherence releases keep 1/k and h against the identity and inference attacks', () => {
  it('worst target at most the bound for up to p known public items; none claimed past p', () => {
    let bounded = 0;
    let brokenBefore = 0;
    fc.assert(
      fc.property(
        withAnItem(arbitraryRows(14, 40, 6)),
        fc.constantFrom(0.5, 0.75),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 2 }),
        fc.nat(1000),
        fc.constantFrom('random', 'rarest', 'frequent'),
        (rows, h, k, p, seed, choose) => {
          const data = datasetOf(rows);
          let longest = 0;
          for (let r = 0; r < data.n; r++) longest = Math.max(longest, data.rowLength(r));
          // An attacker whose known items were all suppressed reads the whole release: coherence
          // bounds cohorts of public items, not a private item's share of all the rows (β = ∅).
          const privateToken = data.dictionary.token(0);
          fc.pre(p <= longest && itemSupports(data)[0] <= h * data.n && data.n >= k);
          const run = runMethod(data, {
            method: 'hkp-coherence',
            params: { h, k, p },
            seed,
            sensitive: { items: [privateToken] },
          });
          expect(run.record.verified).toBe(true);
          const report = attackRelease(data, run.release, run.audit, {
            known: [1, 2, 3],
            choose,
            targets: 1000,
            seed,
          });
          for (const attack of report.attacks) {
            if (attack.known! > p) {
              expect(attack.bound, JSON.stringify(attack)).toBeNull();
              continue;
            }
            expect(attack.bound).toBe(attack.attack === 'identity' ? 1 / k : h);
            bounded++;
            if (attack.before.worst > attack.bound! + 1e-9) brokenBefore++;
            expect(attack.holds, JSON.stringify(attack)).toBe(true);
            expect(attack.after!.worst).toBeLessThanOrEqual(attack.bound! + 1e-9);
          }
          expect(report.attacks.some((a) => a.attack === 'inference')).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
    expect(bounded).toBeGreaterThan(0);
    expect(brokenBefore).toBeGreaterThan(0);
  });
});
