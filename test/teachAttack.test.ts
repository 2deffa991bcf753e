/**
 * The attack step every teaching trace ends with, before "The release" (issue 39; run/teachAttack.ts):
 * on Ghinita Fig. 1a, Eve's two items and the candidates she is left with, before and after
 * gray-cahd; on every method's worked example, a step whose candidates the release drawing holds
 * and whose chance after is within the model's guarantee where it states one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Trace } from '../src/core/teach/trace.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { TEACH_EXAMPLES } from './teachExamples.ts';

const dir = scratch('teach-attack');

async function traceOf(method: string, args: string[]): Promise<Trace> {
  const out = dir.path(`${method}.json`);
  const result = await cliInProcess('teach', ...args, '--method', method, '--seed', '1', '--out', out);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as Trace;
}

describe('the attack step', () => {
  it('Ghinita Fig. 1a, gray-cahd p = 2: Eve knows Cream and Strawberries; Claire 1 in 1 before, her test 1 in 2 after', async () => {
    const example = TEACH_EXAMPLES.find((e) => e.method === 'gray-cahd')!;
    const trace = await traceOf('gray-cahd', example.args);
    const [attack, release] = trace.steps.slice(-2);
    expect(release.title).toBe('The release');
    expect(attack.title).toBe('The attack');
    expect(attack.text).toContain("Eve knows Claire's Cream and Strawberries");
    expect(attack.cite).toContain('Ghinita, Kalnis, Tao Sec. 1');
    // Before: only Claire's row (T3) holds both items. After: her QID row is published as it is,
    // but her group publishes the pregnancy test only as a count over its 2 rows.
    // (Labelled with the paper's names on its example, teach/paperExamples.ts; the ids stay T1..T5.)
    expect(attack.candidates!.filter((c) => c.label.endsWith('in the input')).map((c) => c.label)).toEqual([
      'Claire in the input',
    ]);
    expect(attack.candidates!.filter((c) => c.label.endsWith('in the release')).map((c) => c.ref)).toEqual([
      'T3',
    ]);
    expect(attack.text).toContain(
      'How sure is Eve that Claire holds Pregnancy Test? certainly on the input, 1 in 2 after',
    );
    expect(attack.text).toContain('(the guarantee: at most 1 in 2)');
    // The candidates and the group the secret hides in are highlighted in the release drawing.
    expect(attack.state).toEqual(release.state);
    const drawing = attack.state as { rows: { id: string; group?: number }[]; groups: { id: string }[] };
    const claire = drawing.rows.find((r) => r.id === 'T3')!;
    expect(attack.changed).toEqual(['T3', drawing.groups[claire.group!].id]);
  });

  for (const { method, args } of TEACH_EXAMPLES)
    it(`${method}: the step before the release attacks it, its candidates drawn`, async () => {
      const trace = await traceOf(method, args);
      const attack = trace.steps[trace.steps.length - 2];
      expect(attack.title).toBe('The attack');
      const ids = JSON.stringify(attack.state);
      for (const ref of attack.changed) expect(ids).toContain(`"id":"${ref}"`);
      // Where the step states a guarantee, the chance after is within it.
      const guarantee = /the guarantee: at most 1 in ([\d.]+)/.exec(attack.text);
      const after = /In the release .*?a pick finds \S+ (certainly|1 in ([\d.]+))/.exec(attack.text);
      if (guarantee && after && !attack.text.includes('How sure'))
        expect(after[1] === 'certainly' ? 1 : 1 / Number(after[2])).toBeLessThanOrEqual(
          1 / Number(guarantee[1]) + 1e-9,
        );
    });
});
