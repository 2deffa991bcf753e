/**
 * Results that mix privacy models (issue 32): the caption names each model with its methods, the
 * trade-off scatter has one front per model, the bars are ranked within their model with the
 * letters under each name, and values spanning orders of magnitude go on a log axis.
 */
import { describe, expect, it } from 'vitest';
import { methodInfo } from '../src/core/methods/types.ts';
import { METHODS } from '../src/core/methods/registry.ts';
import { modelSplit } from '../src/ui/experiment/modelSplit.ts';
import {
  barAtOption,
  metricLineOption,
  spansOrders,
  tradeOffOption,
} from '../src/ui/experiment/comparisonCharts.ts';
import { compareAt } from '../src/core/experiment/comparison.ts';
import type { SweepRun } from '../src/core/experiment/results.ts';
import { releaseFactsOf } from './helpers.ts';

const catalogue = METHODS.map(methodInfo);
const run = (method: string, k: number, seed: number, avgre: number): SweepRun => ({
  method,
  params: { k },
  seed,
  sensitive: [],
  verified: true,
  problems: [],
  metrics: { avgre, avgre_se: avgre / 50 },
  runtime_ms: 1,
  total_ms: 1,
  summary: releaseFactsOf(),
  warnings: [],
  peak_bytes: null,
  notes: {},
  command: '',
});
const describeNone = () => '';
const colour = () => '#333';

describe('results that mix privacy models', () => {
  const runs = [2, 5].flatMap((k) =>
    [1, 2].flatMap((seed) => [
      run('pta', k, seed, 0.9 + seed / 100),
      run('coat', k, seed, 0.2 + k / 100 + seed / 1000),
    ]),
  );
  const split = modelSplit(['pta', 'coat'], catalogue);

  it('captions the mix and keeps one model per front and per ranking', () => {
    expect(split.mixed).toBe(true);
    expect(split.caption).toMatch(
      /k-anonymity \(pta\): every published row occurs at least k times; k\^m-anonymity \(coat\)/,
    );
    expect(split.dashed('coat')).toBe(true);
    expect(split.dashed('pta')).toBe(false);
    const scatter = tradeOffOption(runs, 'k', 'avgre', 'lower', describeNone, colour, ['k'], split);
    const fronts = (scatter.series as { id: string; data: unknown[] }[]).filter((s) =>
      s.id.startsWith('_front'),
    );
    expect(fronts).toHaveLength(2); // pta's front is its own: coat does not dominate it away
    expect(fronts.every((f) => f.data.length > 0)).toBe(true);
    const bar = barAtOption(
      compareAt(runs, 'k', 5, 'avgre', 'lower'),
      'k',
      '5',
      'avgre',
      describeNone,
      colour,
      split,
    );
    const axis = bar.xAxis as { data: string[]; axisLabel: { formatter: (n: string, i: number) => string } };
    expect(axis.data).toEqual(['coat', 'pta']); // best first, each model's bars together
    expect(axis.axisLabel.formatter('pta', 1)).toMatch(/^pta\n\{model\|k-anon\.\}\n\{letters\|[a-z]+\}$/);
    expect(modelSplit(['pta', 'patternka'], catalogue).mixed).toBe(false);
  });

  it('pairs and letters series only within their model when asked (the comparison table)', () => {
    const four = [1, 2].flatMap((seed) => [
      run('pta', 5, seed, 0.5 + seed / 1000),
      run('patternka', 5, seed, 0.9 + seed / 1000),
      run('coat', 5, seed, 0.5 + seed / 1000),
      run('apriori-km', 5, seed, 0.9 + seed / 1000),
    ]);
    const split4 = modelSplit(['pta', 'patternka', 'coat', 'apriori-km'], catalogue);
    const together = compareAt(four, 'k', 5, 'avgre', 'lower');
    const apart = compareAt(four, 'k', 5, 'avgre', 'lower', ['k'], split4.familyOf);
    const at = (c: typeof apart, name: string) => c.series.findIndex((x) => x.name === name);
    // Together, pta and coat (equal values) are paired and share a letter across models.
    expect(together.pairs[at(together, 'pta')][at(together, 'coat')]).toBeDefined();
    expect(apart.pairs[at(apart, 'pta')][at(apart, 'coat')]).toBeUndefined();
    expect(apart.pairs[at(apart, 'pta')][at(apart, 'patternka')]?.verdict).toBe('different');
    expect(apart.series.map((x) => [x.name, x.group])).toContainEqual(['coat', 'km-anonymity']);
    // Each model's best gets 'a' of its own.
    expect(apart.series[at(apart, 'pta')].letters).toBe('a');
    expect(apart.series[at(apart, 'coat')].letters).toBe('a');
    expect(apart.series[at(apart, 'patternka')].letters).toBe('b');
    expect(split4.nameOf('km-anonymity')).toBe('k^m-anonymity');
  });

  it('puts values that span orders of magnitude on a log axis', () => {
    expect(spansOrders([0.01, 5])).toBe(true);
    expect(spansOrders([0.5, 5])).toBe(false);
    expect(spansOrders([0, 5])).toBe(false);
    const wide = [1, 2].flatMap((seed) => [run('pta', 2, seed, 0.01), run('pta', 5, seed, 30)]);
    const option = metricLineOption(wide, 'k', 'avgre', describeNone, colour);
    expect((option.yAxis as { type: string }).type).toBe('log');
  });
});
