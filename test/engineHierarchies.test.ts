/** The worker API's hierarchy and rules jobs (workers/engineHierarchies.ts), run in-process. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createEngine } from '../workers/engine.ts';

const groceries = readFileSync('public/samples/groceries.csv', 'utf8');
const next = readFileSync('public/samples/groceries-next.csv', 'utf8');
const hierarchy = readFileSync('public/samples/groceries-hierarchy.csv', 'utf8');

describe('engine: hierarchies and rules', () => {
  it('loads a hierarchy file as a tree, builds one, and says which line and item are wrong', async () => {
    const engine = createEngine();
    await engine.parseBlob('g', new Blob([groceries]), 'groceries.csv', {}, () => {});
    const loaded = engine.hierarchy('g', { text: hierarchy, name: 'groceries-hierarchy.csv' });
    expect(loaded).toMatchObject({ name: 'groceries-hierarchy.csv', built: false, text: hierarchy });
    expect(loaded.view.root).toMatchObject({ name: 'all food', items: 27, support: 80 });
    expect(loaded.view.absent).toEqual(['ginger ale', 'salmon']);
    const built = engine.hierarchy('g', { fanout: 4, order: 'support' });
    expect(built.name).toBe('groceries-hierarchy-f4-support.csv');
    expect(built.text.split('\n')[0]).toBe('whole milk;(whole milk +3);(whole milk +15);(whole milk +26)');
    expect(() => engine.hierarchy('g', { text: 'beer;drinks;*\nbeer;x;*\n', name: 'h.csv' })).toThrow(
      expect.objectContaining({ kind: 'parse', file: 'h.csv', line: 2, column: 1 }),
    );
    // A file for one item: the 26 others stay themselves, under its root.
    const partial = engine.hierarchy('g', { text: 'beer;drinks;*\n', name: 'h.csv' });
    expect(partial.unnamed).toMatchObject({ count: 26 });
    expect(partial.view.root.items).toBe(27);
  });

  it('says when a hierarchy is loaded that DiffPart cannot use a category of more than 16 items', async () => {
    const engine = createEngine();
    const items = Array.from({ length: 17 }, (_, i) => `i${i}`);
    await engine.parseBlob('w', new Blob([items.join('\n') + '\n']), 'w.csv', {}, () => {});
    const wide = engine.hierarchy('w', { text: items.map((t) => `${t};all`).join('\n'), name: 'wide.csv' });
    expect(wide.diffPart).toMatch(/'all' has 17 children, at most 16 are allowed/);
    const fine = engine.hierarchy('w', {
      text: items.map((t, i) => `${t};${i < 9 ? 'a' : 'b'};all`).join('\n'),
      name: 'fine.csv',
    });
    expect(fine.diffPart).toBeUndefined();
  });

  it('a k^m run carries its rules; applied to the next batch they are checked, bad rules are input errors', async () => {
    const engine = createEngine();
    await engine.parseBlob('g', new Blob([groceries]), 'groceries.csv', {}, () => {});
    await engine.parseBlob('n', new Blob([next]), 'groceries-next.csv', {}, () => {});
    const run = engine.anonymize(
      'g',
      { method: 'apriori-km', params: { k: 3, m: 2, hierarchy }, seed: 1 },
      () => {},
    );
    expect(JSON.parse(await run.rules!.text())).toMatchObject({ kind: 'generalized', hierarchy });
    const applied = await engine.applyRules('n', run.rules!, 'rules.json', { newItems: 'suppress' });
    expect(applied.check).toMatchObject({ holds: false, offered: 1 });
    expect(applied.format).toBe('csv-basket');
    expect((await applied.files[0].blob.text()).trim().split('\n')).toHaveLength(60);
    expect(await applied.files[1].blob.text()).toContain('soft drinks,ginger ale');
    expect(applied.rules).toMatchObject({ method: 'apriori-km', kind: 'generalized' });
    await expect(engine.applyRules('n', '{"format":"nope"}', 'r.json', {})).rejects.toThrow(
      expect.objectContaining({
        kind: 'input',
        message: expect.stringMatching(/^r.json: expected "format"/),
      }),
    );
    const groups = engine.anonymize(
      'g',
      { method: 'anatomy', params: { p: 2 }, seed: 1, sensitive: { top: 2 } },
      () => {},
    );
    expect(groups.rules).toBeUndefined();
  });
});
