/**
 * A metric a method cannot compute is said, not left blank (widgets/notApplicable.ts): on the
 * Experiment form before a sweep, and in the results' cells ("n/a — PrivBasis publishes itemsets").
 * And each value of a metric has its own title (`il` and `il_ratio`).
 */
import { describe, expect, it } from 'vitest';
import { listMethods } from '../src/core/methods/registry.ts';
import { METRICS } from '../src/core/metrics/registry.ts';
import {
  metricsNotApplicable,
  notApplicableCell,
  whyNotApplicable,
} from '../src/ui/widgets/notApplicable.ts';
import { describeValue, valueLabel } from '../src/ui/widgets/metricText.ts';
import type { MetricInfo } from '../workers/engineTypes.ts';

const metrics = METRICS as unknown as MetricInfo[];
const method = (id: string) => listMethods().find((m) => m.id === id)!;
const metric = (id: string) => metrics.find((m) => m.id === id)!;

describe('metrics a method cannot compute', () => {
  it('says why: the release kind, or synthetic rows', () => {
    expect(notApplicableCell(metric('kl'), method('privbasis'))).toBe('n/a — PrivBasis publishes itemsets');
    expect(whyNotApplicable(metric('il'), method('diffpart'))).toMatch(/DiffPart's rows are synthetic/);
    expect(whyNotApplicable(metric('il'), method('pta'))).toBeNull();
    expect(notApplicableCell(metric('il'), method('pta'))).toBe('');
    expect(notApplicableCell(undefined, method('pta'))).toBe('');
  });

  it('lists, for the form, each chosen method with the chosen metrics it cannot compute', () => {
    const chosen = [metric('kl'), metric('avgre'), metric('il')];
    expect(metricsNotApplicable(chosen, [method('pta')])).toEqual([
      { why: 'PTA publishes whole transactions', metrics: ['kl'] },
    ]);
    const notes = metricsNotApplicable(chosen, [method('diffpart'), method('privbasis')]);
    expect(notes).toContainEqual({ why: 'PrivBasis publishes itemsets', metrics: ['kl', 'avgre', 'il'] });
    expect(notes.find((n) => n.why.includes('synthetic'))?.metrics).toEqual(['il']);
  });
});

describe('value titles', () => {
  it('gives il and il_ratio (ul and ul_suppression) titles of their own', () => {
    expect(valueLabel(metrics, 'il')).toBe('Information loss (IL)');
    expect(valueLabel(metrics, 'il_ratio')).not.toBe(valueLabel(metrics, 'il'));
    expect(valueLabel(metrics, 'ul_suppression')).not.toBe(valueLabel(metrics, 'ul'));
    expect(describeValue(metrics, 'il_ratio')).toMatch(/^Information loss as a share/);
  });
});
