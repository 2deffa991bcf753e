import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ALL_METHOD_IDS } from './helpers.ts';
import { expandSweep, validateSweepSpec } from '../src/core/experiment/sweep.ts';

describe('sweep specs (DESIGN.md sec. 6)', () => {
  const spec = {
    dataset: 'data.dat',
    seeds: [1, 2],
    metrics: ['avgre'],
    runs: [
      { method: 'gray-cahd', params: { p: [4, 8], alpha: 1 }, sensitive: { random: 5 } },
      { method: 'pta', params: { k: [5, 10] } },
    ],
  };

  it('expands list values into runs (method x values x seeds); scalars stay fixed', () => {
    const runs = expandSweep(validateSweepSpec(spec, 'spec.json', ALL_METHOD_IDS));
    expect(runs).toHaveLength(8);
    expect(runs.map((r) => `${r.method} ${JSON.stringify(r.params)} ${r.seed}`).slice(0, 3)).toEqual([
      'gray-cahd {"p":4,"alpha":1} 1',
      'gray-cahd {"p":4,"alpha":1} 2',
      'gray-cahd {"p":8,"alpha":1} 1',
    ]);
    expect(runs[0].sensitive).toEqual({ random: 5 });
  });

  it('names the field that is wrong', () => {
    expect(() =>
      validateSweepSpec({ ...spec, runs: [{ method: 'nope', params: {} }] }, 's.json', ALL_METHOD_IDS),
    ).toThrow('s.json: runs[0].method: expected a method id (see `methods`), found "nope"');
    expect(() => validateSweepSpec({ ...spec, seeds: [] }, 's.json', ALL_METHOD_IDS)).toThrow(
      's.json: seeds: expected a non-empty list of integers',
    );
    expect(() =>
      validateSweepSpec({ ...spec, runs: [{ method: 'pta', params: { k: [] } }] }, 's.json', ALL_METHOD_IDS),
    ).toThrow('runs[0].params.k');
  });

  it('the CLI runs a spec mixing privacy models in 2 worker threads and keeps errors apart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'txanon-sweep-'));
    writeFileSync(
      join(dir, 'data.dat'),
      Array.from({ length: 40 }, (_, i) => `${i % 5} ${(i * 3) % 7} ${10 + (i % 4)}`).join('\n') + '\n',
    );
    writeFileSync(
      join(dir, 'spec.json'),
      JSON.stringify({
        dataset: 'data.dat',
        seeds: [1],
        metrics: ['il', 'kl', 'avgre'],
        runs: [
          { method: 'pta', params: { k: [2, 5, 100] } },
          { method: 'gray-cahd', params: { p: 2 }, sensitive: { top: 1 } },
          { method: 'coat', params: { k: 2, m: 1 } },
          { method: 'multi-anatomy', params: { l: 2 } },
        ],
      }),
    );
    const out = join(dir, 'results.json');
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'sweep', join(dir, 'spec.json'), '--out', out, '--workers', '2'],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ runs: 6, failed: 1, workers: 2 });
    const results = JSON.parse(readFileSync(out, 'utf8'));
    expect(results.format).toBe('txanon-results/1');
    expect(results.runs[0]).toMatchObject({ method: 'pta', params: { k: 2 }, verified: true });
    expect(results.runs[0].command).toContain('anonymize data.dat --method pta --k 2');
    expect(results.runs[2].error).toMatch(/at least k = 100/);
    // Methods of four privacy models, each with the metrics that apply to it and no others.
    expect(
      results.runs.slice(3).map((r: { method: string; verified: boolean }) => [r.method, r.verified]),
    ).toEqual([
      ['gray-cahd', true],
      ['coat', true],
      ['multi-anatomy', true],
    ]);
    // Estimated metrics come with their standard error (DESIGN.md sec. 5).
    expect(Object.keys(results.runs[3].metrics).sort()).toEqual(['avgre', 'avgre_se', 'kl', 'kl_se']);
    expect(Object.keys(results.runs[4].metrics).sort()).toEqual(['avgre', 'avgre_se']);
    expect(results.spec.runs).toHaveLength(4);
  });
});
