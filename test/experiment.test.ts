import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nonDominated, type TradeOff } from '../src/core/experiment/pareto.ts';
import { ALL_METHOD_IDS, releaseFactsOf } from './helpers.ts';
import { expandSweep, validateSweepSpec } from '../src/core/experiment/sweep.ts';
import { sweptAxes, valueSeries, runValue, valueNames } from '../src/core/experiment/series.ts';
import { parseResults, type SweepRun } from '../src/core/experiment/results.ts';
import { PRESETS } from '../src/core/experiment/presets.ts';
import type { RunRecord } from '../src/core/run/runRecord.ts';

describe('nonDominated: the privacy-utility front', () => {
  it('keeps the runs no other run beats on both privacy and loss', () => {
    const points: TradeOff[] = [
      { privacy: 2, loss: 0.1 }, // 0: least loss: on the front
      { privacy: 4, loss: 0.3 }, // 1: on the front
      { privacy: 4, loss: 0.5 }, // 2: dominated by 1
      { privacy: 8, loss: 0.3 }, // 3: dominates 1 (more privacy, same loss)
      { privacy: 10, loss: 0.9 }, // 4: most privacy: on the front
      { privacy: 2, loss: 0.1 }, // 5: equal to 0: kept with it
    ];
    expect(nonDominated(points)).toEqual([0, 3, 4, 5]);
    expect(nonDominated([])).toEqual([]);
  });

  it('agrees with the definition on random points', () => {
    const point = fc.record({
      privacy: fc.integer({ min: 1, max: 6 }),
      loss: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 30 }), (points) => {
        const dominates = (a: TradeOff, b: TradeOff) =>
          a.privacy >= b.privacy && a.loss <= b.loss && (a.privacy > b.privacy || a.loss < b.loss);
        const expected = points
          .map((p, i) => (points.some((q) => dominates(q, p)) ? -1 : i))
          .filter((i) => i >= 0);
        expect(nonDominated(points)).toEqual(expected);
      }),
    );
  });
});

describe('sweep expansion with swept metric options', () => {
  it('crosses params, metric options and seeds, in that order', () => {
    const spec = validateSweepSpec(
      {
        dataset: 'd.dat',
        seeds: [1, 2],
        metrics: ['rules'],
        metricOptions: { minConfidence: [0.2, 0.8] },
        runs: [{ method: 'multi-anatomy', params: { l: [2, 3] } }],
      },
      'spec.json',
      ALL_METHOD_IDS,
    );
    const runs = expandSweep(spec);
    expect(runs).toHaveLength(8);
    expect(runs.slice(0, 3).map((r) => [r.params.l, r.metricOptions?.minConfidence, r.seed])).toEqual([
      [2, 0.2, 1],
      [2, 0.2, 2],
      [2, 0.8, 1],
    ]);
    expect(() =>
      validateSweepSpec({ ...spec, metricOptions: { confidence: 0.5 } }, 'spec.json', ALL_METHOD_IDS),
    ).toThrow(
      'spec.json: metricOptions.confidence: expected one of queries, q, r, workload, minSupport, minConfidence',
    );
  });

  it('every preset is a valid spec over registered methods', () => {
    for (const preset of PRESETS) {
      const spec = validateSweepSpec(preset.spec('data.dat', [1, 2]), preset.id, ALL_METHOD_IDS);
      expect(expandSweep(spec).length).toBeGreaterThanOrEqual(8);
    }
  });
});

const record = (method: string, params: RunRecord['params'], seed: number, metrics: Record<string, number>) =>
  ({
    method,
    params,
    seed,
    sensitive: [],
    verified: true,
    problems: [],
    metrics,
    runtime_ms: 10 * seed,
    total_ms: 12 * seed,
    summary: releaseFactsOf(),
    warnings: [],
    peak_bytes: null,
    notes: {},
    command: '',
  }) satisfies RunRecord;

describe('series: from run records to chart lines', () => {
  const runs: SweepRun[] = [
    record('gray-cahd', { p: 4, alpha: 1 }, 1, { kl: 0.2, avgre: 1 }),
    record('gray-cahd', { p: 4, alpha: 1 }, 2, { kl: 0.4, avgre: 1 }),
    record('gray-cahd', { p: 10, alpha: 1 }, 1, { kl: 0.9, avgre: 2 }),
    record('pta', { k: 5 }, 1, { il: 3, avgre: 0.5 }),
    { method: 'nn', params: { p: 4 }, seed: 1, error: 'infeasible' },
  ];

  it('finds the swept axes and aggregates seeds into mean, min and max', () => {
    expect(sweptAxes(runs)).toEqual(['p']);
    const [gray] = valueSeries(runs, 'p', runValue('kl'));
    expect(gray.name).toBe('gray-cahd');
    expect(gray.points.map((p) => [p.x, p.mean, p.min, p.max, p.n])).toEqual([
      [4, expect.closeTo(0.3, 9), 0.2, 0.4, 2],
      [10, 0.9, 0.9, 0.9, 1],
    ]);
  });

  it('a metric that does not apply is absent, never zero; failed runs add nothing', () => {
    expect(valueSeries(runs, 'p', runValue('il'))).toEqual([]);
    expect(valueSeries(runs, 'k', runValue('avgre')).map((s) => s.name)).toEqual(['pta']);
    expect(valueNames(runs)).toEqual(['kl', 'avgre', 'il']);
  });

  it('a point counts the seeds that failed beside the ones it averages', () => {
    const withFailures: SweepRun[] = [
      ...runs,
      { method: 'gray-cahd', params: { p: 10, alpha: 1 }, seed: 2, error: 'infeasible' },
      { method: 'gray-cahd', params: { p: 10, alpha: 1 }, seed: 3, error: 'infeasible' },
    ];
    const [gray] = valueSeries(withFailures, 'p', runValue('kl'));
    expect(gray.points.map((p) => [p.x, p.n, p.failed])).toEqual([
      [4, 2, 0],
      [10, 1, 2],
    ]);
    // nn failed at every seed: no point, no series.
    expect(valueSeries(withFailures, 'p', runValue('kl')).map((s) => s.name)).toEqual(['gray-cahd']);
  });

  it('names a series by its other varied parameters', () => {
    const byL = [
      { ...record('multi-anatomy', { l: 2 }, 1, { ar: 0.5 }), metricOptions: { minConfidence: 0.1 } },
      { ...record('multi-anatomy', { l: 2 }, 1, { ar: 0.4 }), metricOptions: { minConfidence: 0.5 } },
      { ...record('multi-anatomy', { l: 4 }, 1, { ar: 0.3 }), metricOptions: { minConfidence: 0.1 } },
    ];
    expect(sweptAxes(byL).sort()).toEqual(['l', 'minConfidence']);
    expect(valueSeries(byL, 'minConfidence', runValue('ar')).map((s) => s.name)).toEqual([
      'multi-anatomy l=2',
      'multi-anatomy l=4',
    ]);
  });
});

describe('results files', () => {
  it('reads what a sweep writes and names a bad field', () => {
    const text = JSON.stringify({
      format: 'txanon-results/1',
      runs: [record('pta', { k: 5 }, 1, { il: 1 })],
    });
    expect(parseResults(text, 'r.json').runs).toHaveLength(1);
    expect(() => parseResults('{"format":"x"}', 'r.json')).toThrow(
      'r.json: format: expected "txanon-results/1"',
    );
    expect(() =>
      parseResults(
        JSON.stringify({ format: 'txanon-results/1', runs: [{ method: 'pta', params: {}, seed: 1 }] }),
        'r.json',
      ),
    ).toThrow('r.json: runs[0].metrics: expected an object');
  });
});
