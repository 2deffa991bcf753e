/**
 * Golden traces (after Python Tutor's golden tests): each method's teaching trace on its worked
 * example (teachExamples.ts, seed 1), committed in test/golden/<method>.json (one step a line, so
 * that a diff shows the steps that changed) and compared in full, numbers rounded to 6 significant
 * digits so that a last-bit difference of a float does not count. A change in any step's text, drawing or candidates shows as a diff here; when it is meant,
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

/** The trace as JSON with its header on the first line and one step a line. */
function stepPerLine({ steps, ...header }: { steps: unknown[] }): string {
  const head = JSON.stringify({ ...header, steps: [] }).slice(0, -3);
  return `${head}[\n${steps.map((step) => JSON.stringify(step)).join(',\n')}\n]}\n`;
}

describe('golden teaching traces', () => {
  for (const { method, args } of TEACH_EXAMPLES) {
    it(`${method} on its worked example is the committed trace`, async () => {
      const out = dir.path(`${method}.json`);
      const result = await cliInProcess('teach', ...args, '--method', method, '--seed', '1', '--out', out);
      expect(result.code, result.stderr).toBe(0);
      const trace = normalised(JSON.parse(readFileSync(out, 'utf8')));
      const golden = `test/golden/${method}.json`;
      if (process.env.UPDATE_GOLDEN) writeFileSync(golden, stepPerLine(trace as { steps: unknown[] }));
      expect(existsSync(golden), `${golden} (write it with UPDATE_GOLDEN=1)`).toBe(true);
      expect(trace).toEqual(JSON.parse(readFileSync(golden, 'utf8')));
    });
  }
});
