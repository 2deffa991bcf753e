/**
 * Every release a method publishes keeps its model's bound against the attacks of core/attack
 * (fast-check over random datasets): identity at most 1/k for PTA, PatternKa, apriori-km and
 * COAT and disassociation (plain and safe; known items at most m for the last three), inference at most 1/p for the p-degree methods
 * and 1/l for multi-anatomy. A failing property here would be a release that verifies but that an
 * attacker breaks, or an attack that reads a release wrong.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attackRelease } from '../src/core/attack/attackRelease.ts';
import { InputError } from '../src/core/base/errors.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';

const cases: Record<string, (k: number) => Omit<RunRequest, 'seed'>> = {
  pta: (k) => ({ method: 'pta', params: { k } }),
  patternka: (k) => ({ method: 'patternka', params: { k } }),
  'apriori-km': (k) => ({ method: 'apriori-km', params: { k, m: 2 } }),
  coat: (k) => ({ method: 'coat', params: { k, m: 2 } }),
  'gray-cahd': (p) => ({ method: 'gray-cahd', params: { p }, sensitive: { top: 2 } }),
  anatomy: (p) => ({ method: 'anatomy', params: { p }, sensitive: { top: 2 } }),
  'multi-anatomy': (l) => ({ method: 'multi-anatomy', params: { l, columns: 2 } }),
  disassociation: (k) => ({ method: 'disassociation', params: { k, m: 2, maxCluster: 3 * k } }),
  'disassociation --safe': (k) => ({
    method: 'disassociation',
    params: { k, m: 2, maxCluster: 3 * k, safe: true },
  }),
};

for (const [method, request] of Object.entries(cases)) {
  describe(`${method}: its releases keep their bound against the attacks`, () => {
    it('worst target at most the bound, for every attack with one', () => {
      let checked = 0;
      fc.assert(
        fc.property(
          arbitraryRows(16, 40, 6),
          fc.integer({ min: 2, max: 4 }),
          fc.nat(1000),
          fc.constantFrom('random', 'rarest', 'frequent'),
          (rows, k, seed, choose) => {
            const data = datasetOf(rows);
            let run;
            try {
              run = runMethod(data, { ...request(k), seed });
            } catch (error) {
              // A model that cannot be met on these rows (too few rows, too few sensitive items).
              if (error instanceof InputError) return;
              throw error;
            }
            const report = attackRelease(data, run.release, run.audit, {
              known: [1, 2, 3],
              choose,
              targets: 1000,
              seed,
            });
            const bounded = report.attacks.filter((a) => a.bound !== null);
            checked += bounded.length;
            for (const attack of bounded) {
              expect(attack.holds, JSON.stringify(attack)).toBe(true);
              expect(attack.after!.worst).toBeLessThanOrEqual(attack.bound! + 1e-9);
            }
          },
        ),
        { numRuns: 25 },
      );
      // Not vacuous: releases were made and attacked against a bound.
      expect(checked).toBeGreaterThan(0);
    });
  });
}
