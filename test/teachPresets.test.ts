/**
 * Issue 40's one-click paper presets (src/ui/teach/paperPresets.ts): each opens a trace that shows
 * its figures (the badges the trace sets on the paper's own example), LSH with the paper's B and w,
 * apriori-km over COAT Fig. 3's hierarchy (the one test/teachFidelity.test.ts checks against Fig.
 * 2(a)) with m = 5, Ghinita Fig. 1d on the release.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseText } from '../src/core/data/parsers/index.ts';
import { teachRun } from '../src/core/run/teachRun.ts';
import { SAMPLES } from '../src/ui/load/samples.ts';
import { PAPER_PRESETS } from '../src/ui/teach/paperPresets.ts';
import { parseSensitiveChoice } from '../src/ui/widgets/sensitiveChoice.ts';

/** The figure badges each preset's trace must carry. */
const FIGURES: Record<string, string[]> = {
  'ghinita-gray': ['Fig. 1a', 'Fig. 1c'],
  'ghinita-rcm': ['Fig. 1a', 'Fig. 1b'],
  'ghinita-1d': ['Fig. 1a', 'Fig. 1c'],
  'ghinita-lsh': ['Fig. 1a'],
  pta: ['Fig. 2b', 'Fig. 2c', 'Fig. 3', 'Fig. 4', 'Fig. 5', 'Fig. 6', 'Fig. 7'],
  'coat-ex41': ['Example 4.1'],
  'coat-fig2a': [],
  anatomy: [],
};

describe('paper presets', () => {
  for (const preset of PAPER_PRESETS)
    it(`${preset.label} opens a trace with its figures`, () => {
      const sample = SAMPLES.find((s) => s.id === preset.link.sample);
      expect(sample?.kind).toBe('file');
      const path = `public/${(sample as { path: string }).path}`;
      const { dataset } = parseText(readFileSync(path, 'utf8'), { fileName: path.split('/').pop()! });
      const { sensitiveKind, sensitiveText } = preset.link;
      const trace = teachRun(dataset, {
        method: preset.link.method,
        params: preset.link.params,
        seed: 1,
        ...(sensitiveKind && { sensitive: parseSensitiveChoice(sensitiveKind, sensitiveText ?? '') }),
      });
      const figures = new Set(trace.steps.flatMap((s) => (s.figure ? [s.figure] : [])));
      expect([...figures].filter((f) => FIGURES[preset.id].includes(f)).sort()).toEqual(
        [...FIGURES[preset.id]].sort(),
      );
      expect(trace.example).toBeDefined();
    });

  it('LSH has the paper’s B = 2, w = 2; apriori-km Fig. 3’s hierarchy and m = 5; Fig. 1d the release', () => {
    const byId = (id: string) => PAPER_PRESETS.find((p) => p.id === id)!.link;
    expect(byId('ghinita-lsh').params).toMatchObject({ w: '2', B: '2' });
    expect(byId('coat-fig2a').params.m).toBe('5');
    expect(byId('coat-fig2a').params.hierarchy).toBe(
      readFileSync('public/samples/coat-fig3-hierarchy.csv', 'utf8').trim(),
    );
    expect(byId('ghinita-1d').step).toBeGreaterThan(300);
  });
});
