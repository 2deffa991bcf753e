/**
 * When DP publishes little, the run says so (issue 45): DiffPart with its defaults on a small file
 * publishes 0 rows, and the run's warnings name how many rows for the input's, the ε spent and
 * what would help; PrivBayes on the same file publishes about the input's rows and no such
 * warning. The page's box measures the alternatives alternatives.ts lists for a DP run: the method
 * at 4ε, the fan-out at the other end of its range, the model's other methods at the same ε.
 */
import { describe, expect, it } from 'vitest';
import { listMethods } from '../../src/core/methods/registry.ts';
import { publishesLittle } from '../../src/core/run/dpPublishedLittle.ts';
import { runMethod } from '../../src/core/run/runMethod.ts';
import { alternativesOf } from '../../src/ui/anonymize/alternatives.ts';
import { datasetOf } from '../helpers.ts';

const dataset = datasetOf(Array.from({ length: 300 }, (_, r) => [r % 13, (r * 7) % 17, 20 + (r % 3)]));
const runOf = (method: string, epsilon = 0.1) =>
  runMethod(dataset, { method, params: { epsilon }, seed: 2, seededNoise: true }).record;

describe('a DP release that publishes little', () => {
  it('DiffPart at ε = 0.1: 0 rows, and the warning says how many, the ε spent and what would help', () => {
    const record = runOf('diffpart');
    expect(record.summary.rows_after).toBe(0);
    expect(publishesLittle(record.summary, record.params)).toBe(true);
    const warning = record.warnings.find((w) => w.includes('DP published little'));
    expect(warning).toMatch(/publishes 0 rows for the input's 300 \(0%; ε spent [\d.]+ of 0.1\)/);
    expect(warning).toMatch(/a larger ε, another fan-out f.*PrivBayes.*PrivBasis/);
  });

  it('PrivBayes on the same file: about the input’s rows, no such warning', () => {
    const record = runOf('privbayes', 1);
    expect(Math.abs(record.summary.rows_after - 300)).toBeLessThan(200);
    expect(publishesLittle(record.summary, record.params)).toBe(false);
    expect(record.warnings.join(' ')).not.toMatch(/DP published little/);
  });

  it('the page measures: the method at 4ε, the other end of f, the other DP methods at the same ε', () => {
    const record = runOf('diffpart');
    const labels = alternativesOf(record, listMethods()).map((a) => a.label);
    expect(labels).toEqual([
      'diffpart, ε = 0.4',
      'diffpart, f = 2',
      'privbasis (ε = 0.1)',
      'privbayes (ε = 0.1)',
    ]);
  });
});
