/**
 * Issue 40's side by side: two traces' steps align where they do the same thing
 * (core/teach/alignSteps.ts), the joint walk moves both sides together there and each on its own
 * otherwise, and every step of each side is shown.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseText } from '../src/core/data/parsers/index.ts';
import { teachRun } from '../src/core/run/teachRun.ts';
import { jointWalk, stepKey } from '../src/core/teach/alignSteps.ts';

const titles = (...t: string[]) => t.map((title) => ({ title }));

describe('jointWalk', () => {
  it('moves together on aligned steps and alone otherwise', () => {
    const a = titles('Order', 'Group G1 is formed', 'Merge', 'The attack', 'The release');
    const b = titles('Draw', 'Group G2 is formed', 'The attack', 'The release');
    expect(jointWalk(a, b)).toEqual([
      { a: 0, b: 0, moved: 'both' },
      { a: 1, b: 1, moved: 'both' },
      { a: 2, b: 1, moved: 'a' },
      { a: 3, b: 2, moved: 'both' },
      { a: 4, b: 3, moved: 'both' },
    ]);
    expect(stepKey({ title: 'T3 joins C12' })).toBe('# joins #');
  });

  it('property: every step of each side is shown, in order, and ticks move at least one side', () => {
    const words = fc.constantFrom('Order', 'Split 1', 'Split 2', 'Merge', 'The release', 'Group G3');
    fc.assert(
      fc.property(
        fc.array(words, { minLength: 1, maxLength: 12 }),
        fc.array(words, { minLength: 1, maxLength: 12 }),
        (x, y) => {
          const ticks = jointWalk(titles(...x), titles(...y));
          expect(ticks[0]).toEqual({ a: 0, b: 0, moved: 'both' });
          expect(ticks.at(-1)).toMatchObject({ a: x.length - 1, b: y.length - 1 });
          for (let t = 1; t < ticks.length; t++) {
            const da = ticks[t].a - ticks[t - 1].a;
            const db = ticks[t].b - ticks[t - 1].b;
            expect([da, db].every((d) => d === 0 || d === 1)).toBe(true);
            expect(da + db).toBeGreaterThan(0);
            // An aligned pair whose one side is still on its first step (shown from the first tick).
            const held =
              ticks[t].moved === 'both' && (da === 0 ? ticks[t].a === 0 : ticks[t].b === 0) ? 1 : 0;
            expect(ticks[t].moved).toBe((da && db) || held ? 'both' : da ? 'a' : 'b');
            if (ticks[t].moved === 'both')
              expect(stepKey({ title: x[ticks[t].a] })).toBe(stepKey({ title: y[ticks[t].b] }));
          }
        },
      ),
    );
  });

  it('Gray and Anatomy on Ghinita Fig. 1a end together on the attack and the release', () => {
    const { dataset } = parseText(readFileSync('public/samples/ghinita-fig1a.csv', 'utf8'), {
      fileName: 'ghinita-fig1a.csv',
    });
    const request = { params: { p: 2 }, seed: 1, sensitive: { items: ['Viagra', 'Pregnancy Test'] } };
    const gray = teachRun(dataset, { method: 'gray-cahd', ...request });
    const anatomy = teachRun(dataset, { method: 'anatomy', ...request });
    const ticks = jointWalk(gray.steps, anatomy.steps);
    expect(ticks.at(-1)).toEqual({ a: gray.steps.length - 1, b: anatomy.steps.length - 1, moved: 'both' });
    expect(ticks.some((t) => t.moved === 'a')).toBe(true);
    expect(ticks.some((t) => t.moved === 'b')).toBe(true);
  });
});
