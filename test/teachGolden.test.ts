/**
 * Golden traces (after Python Tutor's golden tests): each method's teaching trace on its worked
 * example (teachExamples.ts, seed 1), committed in test/data/traces/<method>.json and compared in
 * full, numbers rounded to 6 significant digits so that a last-bit difference of a float does not
 * count. A change in any step's text, drawing or candidates shows as a diff here; when it is meant,
 * `UPDATE_GOLDEN=1 npx vitest run test/teachGolden.test.ts` writes the files again (then read the diff).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { TEACH_EXAMPLES } from './teachExamples.ts';

const dir = scratch('golden');

/** Floats to 6 significant digits, everything else as it is. */
function normalised(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(6));
  if (Array.isArray(value)) return value.map(normalised);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, normalised(v)]));
  return value;
}

describe('golden teaching traces', () => {
  for (const { method, args } of TEACH_EXAMPLES) {
    it(`${method} on its worked example is the committed trace`, async () => {
      const out = dir.path(`${method}.json`);
      const result = await cliInProcess('teach', ...args, '--method', method, '--seed', '1', '--out', out);
      expect(result.code, result.stderr).toBe(0);
      const trace = normalised(JSON.parse(readFileSync(out, 'utf8')));
      const golden = `test/data/traces/${method}.json`;
      if (process.env.UPDATE_GOLDEN) writeFileSync(golden, JSON.stringify(trace, null, 1) + '\n');
      expect(existsSync(golden), `${golden} (write it with UPDATE_GOLDEN=1)`).toBe(true);
      expect(trace).toEqual(JSON.parse(readFileSync(golden, 'utf8')));
    });
  }
});
