import { describe, expect, it } from 'vitest';
import { PRESETS } from '../src/core/experiment/presets.ts';
import { expandSweep } from '../src/core/experiment/sweep.ts';
import { listMethods } from '../src/core/methods/registry.ts';
import { EMPTY_FORM, formToSpec, specToForm } from '../src/ui/experiment/specForm.ts';

const catalogue = listMethods();
/** Order-free keys of expanded runs (params and metric options with sorted keys). */
const sortedKeys = (o: object) =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
const runKeys = (requests: ReturnType<typeof expandSweep>) =>
  requests
    .map((r) =>
      JSON.stringify([
        r.method,
        sortedKeys(r.params),
        r.seed,
        r.sensitive ?? null,
        r.metricOptions ? sortedKeys(r.metricOptions) : null,
        r.metrics,
      ]),
    )
    .sort();

describe('the Experiment form and the sweep spec', () => {
  it('every preset, put in the form and read back, gives the same runs', () => {
    for (const preset of PRESETS) {
      const spec = preset.spec('data.dat', [1, 2]);
      const { spec: back, leftOut } = formToSpec(specToForm(spec), 'data.dat', catalogue);
      expect(leftOut, preset.id).toEqual([]);
      expect(runKeys(expandSweep(back)), preset.id).toEqual(runKeys(expandSweep(spec)));
    }
  });

  it('leaves out methods without the swept parameter and names bad fields', () => {
    const { spec, leftOut } = formToSpec(
      { ...EMPTY_FORM, methods: ['gray-cahd', 'pta'] },
      'd.dat',
      catalogue,
    );
    expect(spec.runs.map((r) => r.method)).toEqual(['gray-cahd']);
    expect(leftOut).toEqual(['pta has no parameter p']);
    expect(spec.runs[0].sensitive).toEqual({ band: 10 });
    expect(() => formToSpec({ ...EMPTY_FORM, values: ' , ' }, 'd.dat', catalogue)).toThrow(
      'values of p: expected a comma-separated list',
    );
    expect(() => formToSpec({ ...EMPTY_FORM, fixed: 'alpha' }, 'd.dat', catalogue)).toThrow(
      "fixed values: expected name=value, found 'alpha'",
    );
    expect(() => formToSpec({ ...EMPTY_FORM, methods: ['pta'] }, 'd.dat', catalogue)).toThrow(
      'none of the chosen methods has the parameter p',
    );
  });
});
