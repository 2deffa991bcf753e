/**
 * Issue 21, the sweep items of case 10: a spec is checked whole before any run (seeds the CLI
 * accepts, metric options as the CLI reads them, params the method takes, sensitive items where
 * the model has them), a run never records a command the CLI refuses, and a failed run says
 * whether its setting was infeasible or the run broke.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/core/base/errors.ts';
import { checkSweepRuns } from '../src/core/experiment/checkSweep.ts';
import { PRESETS } from '../src/core/experiment/presets.ts';
import { validateSweepSpec } from '../src/core/experiment/sweep.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { failedRun } from '../workers/sweepRun.ts';
import { ALL_METHOD_IDS, datasetOf } from './helpers.ts';

const base = { dataset: 'd.dat', runs: [{ method: 'pta', params: { k: [2, 3] } }] };
const validate = (spec: object) => validateSweepSpec({ ...base, ...spec }, 's.json', ALL_METHOD_IDS);

describe('case 10: sweep specs', () => {
  it('seeds outside 0..2^32-1 fail the spec, as the CLI refuses them', () => {
    expect(() => validate({ seeds: [1, -1] })).toThrow(
      's.json: seeds[1]: expected an integer in 0..4294967295, found -1',
    );
    expect(() => validate({ seeds: [2 ** 32] })).toThrow('seeds[0]');
    expect(validate({ seeds: [0, 2 ** 32 - 1] }).seeds).toEqual([0, 2 ** 32 - 1]);
  });

  it('metric options as the CLI reads them: --queries an integer, thresholds in (0, 1]', () => {
    expect(() => validate({ metricOptions: { queries: 2.5 } })).toThrow(
      'metricOptions.queries: expected an integer >= 1',
    );
    expect(() => validate({ metricOptions: { minConfidence: [0.5, 2] } })).toThrow('a fraction in (0, 1]');
  });

  it('an empty sensitive choice fails the spec', () => {
    const run = (sensitive: object) => validate({ runs: [{ method: 'gray-cahd', params: {}, sensitive }] });
    expect(() => run({ top: 0 })).toThrow('runs[0].sensitive');
    expect(() => run({ items: [] })).toThrow('runs[0].sensitive');
    expect(() => run({ items: ['a', 'a'] })).toThrow('naming each item once');
  });

  it('an unknown parameter or a value out of range fails the spec once, up front', () => {
    const spec = validate({ runs: [{ method: 'pta', params: { k: [2, 3], kk: 1 } }] });
    expect(() => checkSweepRuns(spec, 's.json')).toThrow("s.json: runs[0].params: pta has no parameter 'kk'");
    const range = validate({ runs: [{ method: 'pta', params: { k: [2, 1] } }] });
    expect(() => checkSweepRuns(range, 's.json')).toThrow(
      's.json: runs[0].params.k: pta --k must be >= 2, got 1',
    );
    const sensitive = validate({ runs: [{ method: 'pta', params: {}, sensitive: { top: 2 } }] });
    expect(() => checkSweepRuns(sensitive, 's.json')).toThrow(
      'runs[0].sensitive: pta (k-anonymity) has no sensitive',
    );
    const none = validate({ runs: [{ method: 'nn', params: {} }] });
    expect(() => checkSweepRuns(none, 's.json')).toThrow('runs[0].sensitive: nn needs sensitive items');
  });

  it("every preset passes the check (the papers' figures are valid specs)", () => {
    for (const preset of PRESETS) {
      const spec = validateSweepSpec(preset.spec('d.dat', [1, 2]), preset.id, ALL_METHOD_IDS);
      expect(() => checkSweepRuns(spec, preset.id)).not.toThrow();
    }
  });

  it('a run of a model without sensitive items neither chooses them nor puts them in its command', () => {
    const dataset = datasetOf(Array.from({ length: 20 }, (_, i) => [i % 3, 5 + (i % 2)]));
    const { record, release } = runMethod(dataset, {
      method: 'pta',
      params: { k: 2 },
      seed: 1,
      sensitive: { top: 1 },
    });
    expect(record.sensitive).toEqual([]);
    expect(release.sensitive).toEqual([]);
    expect(record.command).not.toContain('--sensitive');
  });

  it('a failed run says whether its setting was infeasible (input) or the run broke (internal)', () => {
    const request = { method: 'pta', params: { k: 50 }, seed: 1 };
    expect(failedRun(request, { kind: 'input', message: 'k = 50 is more than the 20 rows' })).toMatchObject({
      error: 'k = 50 is more than the 20 rows',
      errorKind: 'input',
    });
    expect(failedRun(request, { kind: 'internal', message: 'x is not iterable' })).toMatchObject({
      error: 'internal error: x is not iterable',
      errorKind: 'internal',
    });
    expect(failedRun(request, new TypeError('boom')).errorKind).toBe('internal');
    expect(failedRun(request, { kind: 'parse', message: 'd.dat:1:1: ...' }).errorKind).toBe('input');
    expect(new InputError('x')).toBeInstanceOf(Error);
  });
});
