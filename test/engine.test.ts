import { describe, expect, it } from 'vitest';
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

  it('generates the synthetic sample and lists the (so far empty) method registry', () => {
    const engine = createEngine();
    const loaded = engine.generate('s', { D: 500, T: 10, I: 4, N: 100, L: 50, seed: 1 });
    expect(loaded.format).toBe('synthetic');
    expect(engine.overview('s').stats.transactions).toBe(500);
    expect(engine.methods()).toEqual([]);
  });
});
