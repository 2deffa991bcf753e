import { describe, expect, it } from 'vitest';
import { ALL_METHOD_IDS } from './helpers.ts';
import { createEngine } from '../workers/engine.ts';
import { Dataset } from '../src/core/data/dataset.ts';

describe('engine (the worker API, run in-process)', () => {
  it('parses a Blob in chunks with progress, then serves stats and risk for the id', async () => {
    const engine = createEngine();
    const text =
      Array.from({ length: 20_000 }, (_, i) => `${i % 50} ${(i * 7) % 90} ${(i * 13) % 70}`).join('\n') +
      '\n';
    const progress: number[] = [];
    const loaded = await engine.parseBlob('d1', new Blob([text]), 'big.dat', {}, (done) => {
      progress.push(done);
    });
    expect(loaded.format).toBe('fimi');
    expect(loaded.handle.offsets.length).toBe(20_001);
    const overview = engine.overview('d1');
    expect(overview.stats.transactions).toBe(20_000);
    expect(overview.hasBitMatrix).toBe(true);
    expect(engine.risk('d1', { trials: 100 })).toHaveLength(4);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1])).toBe(true);
  });

  it('turns a parse error into plain data with file, line and column', async () => {
    const engine = createEngine();
    await expect(engine.parseBlob('d', new Blob(['1 2\n3 q\n']), 'bad.dat', {}, () => {})).rejects.toEqual({
      kind: 'parse',
      message:
        "bad.dat:2:3: expected a non-negative integer item, found 'q' (items that are names need format csv-basket)",
      file: 'bad.dat',
      line: 2,
      column: 3,
      reason: "expected a non-negative integer item, found 'q' (items that are names need format csv-basket)",
    });
    expect(() => engine.overview('d')).toThrow();
  });

  it('runs a method: a verified record, a summary and the files; bad params are input errors', async () => {
    const engine = createEngine();
    await engine.parseBlob('p', new Blob(['1 2\n1 2\n1 3\n2 3\n1 2 3\n']), 'p.dat', {}, () => {});
    const phases: string[] = [];
    const result = engine.anonymize('p', { method: 'pta', params: { k: 2 }, seed: 1 }, (_f, phase) => {
      if (phase && phases[phases.length - 1] !== phase) phases.push(phase);
    });
    expect(phases).toEqual(['running', 'verifying', 'measuring', 'publishing']);
    expect(result.record.verified).toBe(true);
    expect(result.record.total_ms).toBeGreaterThanOrEqual(result.record.runtime_ms);
    expect(result.record.summary).toMatchObject({ rows_before: 5, rows_after: 5, items_before: 3 });
    expect(result.summary.rows).toBe(5);
    expect(result.examples.length).toBeGreaterThan(0);
    expect(JSON.parse(await result.files.release.text()).kind).toBe('transactions');
    // A FIMI input is written as FIMI: five rows of integer items, a line each.
    expect(result.files.exportFormat).toBe('fimi');
    // The data is written when asked for, from the release the worker keeps.
    expect(result.files.exports).toBeUndefined();
    const data = engine.exportKept(result.releaseKey, 'fimi')!;
    expect((await data[0].blob.text()).trim().split('\n')).toHaveLength(5);
    expect(engine.exportKept('release-gone', 'fimi')).toBeNull();
    const asCsv = await engine.exportRelease(result.files.release, 'csv-long');
    expect((await asCsv[0].blob.text()).split('\n')[0]).toBe('tid,item');
    expect(() => engine.anonymize('p', { method: 'pta', params: { k: 9 }, seed: 1 }, () => {})).toThrow();
    try {
      engine.anonymize('p', { method: 'pta', params: { k: 1 }, seed: 1 }, () => {});
    } catch (error) {
      expect(error).toMatchObject({ kind: 'input', message: 'pta --k must be >= 2, got 1' });
    }
  });

  it('lists published items in natural order (8 58 231), in the viewer and in the FIMI export', async () => {
    const engine = createEngine();
    await engine.parseBlob('n', new Blob(['231 58 8\n8 58 231\n']), 'n.dat', {}, () => {});
    const result = engine.anonymize('n', { method: 'patternka', params: { k: 2 }, seed: 1 }, () => {});
    if (result.summary.kind !== 'transactions') throw new Error('expected a transactions summary');
    expect(result.summary.topClasses[0].items).toEqual(['8', '58', '231']);
    expect(await engine.exportKept(result.releaseKey, 'fimi')![0].blob.text()).toBe('8 58 231\n8 58 231\n');
  });

  it('extra runs a tool with params resolved as for a run: pgen gives the maximal infrequent itemsets (COAT Example 5.3)', async () => {
    const engine = createEngine();
    await engine.parseBlob('c', new Blob(['a,c,f\na,c\nb,h\n']), 'c.csv', { format: 'csv-basket' }, () => {});
    expect(engine.extra('c', { method: 'coat', params: { k: 2 }, seed: 1, extra: 'pgen' })).toEqual([
      ['a', 'c', 'f'],
      ['b', 'h'],
    ]);
    // The same validation as a run: a bad parameter and an unknown tool are input errors, not crashes.
    expect(() => engine.extra('c', { method: 'coat', params: { k: 1 }, seed: 1, extra: 'pgen' })).toThrow(
      expect.objectContaining({ kind: 'input', message: expect.stringContaining('coat --k must be >= 2') }),
    );
    expect(() => engine.extra('c', { method: 'coat', params: {}, seed: 1, extra: 'nope' })).toThrow(
      expect.objectContaining({ kind: 'input', message: "coat has no tool 'nope' (it has pgen)" }),
    );
  });

  it('extra teach: the teaching trace of a method on a small dataset, refused on a larger one', async () => {
    const engine = createEngine();
    await engine.parseBlob('s', new Blob(['1 2\n2 3\n1 3\n1 2 3\n']), 's.dat', {}, () => {});
    const trace = engine.extra('s', {
      method: 'pta',
      params: { k: 2, segments: 1 },
      seed: 1,
      extra: 'teach',
    });
    expect(trace).toMatchObject({ version: 1, method: 'pta', dataset: { transactions: 4 } });
    expect((trace as { steps: { title: string }[] }).steps.at(-1)!.title).toBe('The release');
    expect(() => engine.extra('s', { method: 'pta', params: { k: 'two' }, seed: 1, extra: 'teach' })).toThrow(
      expect.objectContaining({ kind: 'input', message: "pta --k must be an integer, got 'two'" }),
    );
    engine.generate('big', { D: 500, T: 5, I: 2, N: 50, L: 20, seed: 1 });
    expect(() => engine.extra('big', { method: 'pta', params: {}, seed: 1, extra: 'teach' })).toThrow(
      expect.objectContaining({
        kind: 'input',
        message: expect.stringContaining('at most 300 transactions (the teaching limit)'),
      }),
    );
    const methods = engine.methods();
    // Every method has a stepper, the differential-privacy ones too (PrivBayes since issue 45).
    expect(methods.filter((m) => m.teachMaxRows === undefined).map((m) => m.id)).toEqual([]);
    expect(methods.every((m) => m.teachMaxRows === 300)).toBe(true);
    expect(methods.find((m) => m.id === 'coat')?.tools).toEqual([{ name: 'pgen', help: expect.any(String) }]);
  });

  it('a dataset attached by handle shares memory with the original (no copy)', async () => {
    const a = createEngine();
    const b = createEngine();
    const loaded = await a.parseBlob('x', new Blob(['1 2\n2 3\n']), 'x.dat', {}, () => {});
    expect(loaded.handle.items.buffer).toBeInstanceOf(SharedArrayBuffer);
    b.attach('x', loaded.handle);
    expect(b.overview('x').stats).toEqual(a.overview('x').stats);
    const view = Dataset.fromHandle(loaded.handle);
    expect(view.items.buffer).toBe(loaded.handle.items.buffer);
  });

  it('generates the synthetic sample and lists the registered methods and metrics', () => {
    const engine = createEngine();
    const loaded = engine.generate('s', { D: 500, T: 10, I: 4, N: 100, L: 50, seed: 1 });
    expect(loaded.format).toBe('synthetic');
    expect(engine.overview('s').stats.transactions).toBe(500);
    expect(engine.methods().map((m) => m.id)).toEqual(ALL_METHOD_IDS);
    expect(engine.methods()[0]).not.toHaveProperty('run');
    expect(engine.metrics().map((m) => m.id)).toEqual(expect.arrayContaining(['il', 'ncp', 'gcp', 'avgre']));
  });
});
