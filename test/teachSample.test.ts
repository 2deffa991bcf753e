/**
 * Issue 40: "take a sample" of a file too large to step through (data/teachingSample.ts), stated in
 * the trace, and the release's loss a side-by-side lesson shows at the end (run/teachLoss.ts): the
 * same KL / IL / NCP as `anonymize` computes on the same release.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseText } from '../src/core/data/parsers/index.ts';
import { takeSample } from '../src/core/data/teachingSample.ts';
import { itemSupports } from '../src/core/data/stats.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { teachRun } from '../src/core/run/teachRun.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { datasetOfTokens } from './helpers.ts';

const paper = (file: string) =>
  parseText(readFileSync(`public/samples/${file}`, 'utf8'), { fileName: file }).dataset;

/** 400 rows over items i0..i29, item i holding about 1/(i+1) of the rows. */
function wide() {
  const rows: string[][] = [];
  for (let r = 0; r < 400; r++) {
    const row = [];
    for (let i = 0; i < 30; i++) if ((r * 7 + i * 13) % (i + 2) === 0) row.push(`i${i}`);
    rows.push(row.length > 0 ? row : ['i29']);
  }
  return datasetOfTokens(rows);
}

const rowsOf = (d: ReturnType<typeof wide>) =>
  Array.from({ length: d.n }, (_, r) =>
    Array.from(d.items.subarray(d.offsets[r], d.offsets[r + 1]), (id) => d.dictionary.token(id)).sort(),
  );

describe('take a sample', () => {
  it('keeps n rows and the m most frequent items, the same for a seed', () => {
    const file = wide();
    const supports = itemSupports(file);
    const top = Array.from(supports.keys())
      .sort((a, b) => supports[b] - supports[a] || a - b)
      .slice(0, 6)
      .map((id) => file.dictionary.token(id));
    const a = takeSample(file, { rows: 20, items: 6 }, 7);
    expect(a.dataset.n).toBe(20);
    expect(a.rows).toEqual([...a.rows].sort((x, y) => x - y));
    for (const token of a.dataset.dictionary.tokens) expect(top).toContain(token);
    // Each sampled row is its input row cut to the kept items.
    const input = rowsOf(file);
    rowsOf(a.dataset).forEach((row, i) =>
      expect(row).toEqual(input[a.rows[i]].filter((t) => top.includes(t))),
    );
    expect(takeSample(file, { rows: 20, items: 6 }, 7).rows).toEqual(a.rows);
    expect(takeSample(file, { rows: 20, items: 6 }, 8).rows).not.toEqual(a.rows);
    expect(a.why).toMatch(/20 of its 400 transactions, drawn at random with seed 7/);
  });

  it('property: any size gives at most n non-empty rows over at most m items (plus those kept)', () => {
    const file = wide();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 40 }),
        fc.nat(),
        (n, m, seed) => {
          const { dataset, rows } = takeSample(file, { rows: n, items: m }, seed, ['i28']);
          expect(dataset.n).toBe(Math.min(n, rows.length));
          expect(dataset.n).toBeLessThanOrEqual(n);
          expect(dataset.d).toBeLessThanOrEqual(m + 1);
          expect(new Set(rows).size).toBe(rows.length);
          for (let r = 0; r < dataset.n; r++)
            expect(dataset.offsets[r + 1]).toBeGreaterThan(dataset.offsets[r]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a trace of a sample says so, names rows as the file numbers them, and is within the limit', () => {
    const file = wide();
    expect(() => teachRun(file, { method: 'gray-cahd', params: { p: 2 }, seed: 1 })).toThrow(/at most 300/);
    const trace = teachRun(file, {
      method: 'pta',
      params: { k: 3 },
      seed: 3,
      sample: { rows: 12, items: 5 },
    });
    expect(trace.dataset.transactions).toBe(12);
    expect(trace.sample).toMatchObject({
      rows: 12,
      items: 5,
      seed: 3,
      of: { transactions: 400, items: file.d },
    });
    expect(trace.steps[0].text.startsWith(trace.sample!.why)).toBe(true);
    const drawn = trace.steps.at(-1)!.state;
    const labels = drawn.kind === 'table' ? drawn.rows.map((r) => r.label) : [];
    const sampled = takeSample(file, { rows: 12, items: 5 }, 3).rows.map((r) => `T${r + 1}`);
    expect(labels.sort()).toEqual([...sampled].sort());
  });
});

describe('teach --sample-rows --sample-items', () => {
  it('steps through a seeded sample of a file above the limit, and says so; a bad size is exit 2', async () => {
    const dir = scratch('teach-sample');
    const data = dir.file(
      'wide.csv',
      rowsOf(wide())
        .map((row) => row.join(','))
        .join('\n') + '\n',
    );
    const out = dir.path('s.json');
    const args = ['teach', data, '--method', 'pta', '--k', '3', '--seed', '5', '--out', out];
    const refused = await cliInProcess(...args);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/at most 300/);
    const result = await cliInProcess(...args, '--sample-rows', '15', '--sample-items', '6');
    expect(result.code, result.stderr).toBe(0);
    const trace = JSON.parse(readFileSync(out, 'utf8'));
    expect(trace.dataset.transactions).toBe(15);
    expect(trace.sample).toMatchObject({ rows: 15, items: 6, seed: 5 });
    expect(JSON.parse(result.stdout).sample).toBe(trace.sample.why);
    const again = await cliInProcess(...args, '--sample-rows', '15', '--sample-items', '6');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(trace);
    expect(again.code).toBe(0);
    const bad = await cliInProcess(...args, '--sample-rows', '301');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--sample-rows must be an integer in 1\.\.300/);
  });
});

describe('the release loss of a trace', () => {
  it("is anonymize's KL, IL or NCP of the same release", () => {
    const cases = [
      { file: 'ghinita-fig1a.csv', method: 'gray-cahd', params: { p: 2 }, metric: 'kl' },
      { file: 'ghinita-fig1a.csv', method: 'anatomy', params: { p: 2 }, metric: 'kl' },
      { file: 'pta-fig2a.arff', method: 'pta', params: { k: 3, segments: 2 }, metric: 'il' },
      { file: 'coat-fig1a.csv', method: 'apriori-km', params: { k: 2, m: 2 }, metric: 'ncp' },
    ];
    for (const { file, method, params, metric } of cases) {
      const dataset = paper(file);
      const sensitive = metric === 'kl' ? { items: ['Viagra', 'Pregnancy Test'] } : undefined;
      const request = { method, params, seed: 1, ...(sensitive && { sensitive }) };
      const trace = teachRun(dataset, { ...request, loss: true });
      const run = runMethod(dataset, request);
      const loss = trace.loss?.find((l) => l.metric === metric);
      expect(loss, `${method}'s ${metric}`).toBeDefined();
      expect(loss!.value).toBeCloseTo(run.record.metrics[metric], 9);
    }
    expect(
      teachRun(paper('pta-fig2a.arff'), { method: 'pta', params: { k: 3 }, seed: 1 }).loss,
    ).toBeUndefined();
  });
});
