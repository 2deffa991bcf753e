/**
 * The command-line fuzz (issue 29) in the test suite: a few hundred cases of every category
 * (fuzz/fuzzCase.ts; malformed files in every format, argument abuse, links and unwritable
 * targets, tampered releases of every kind, random valid runs), drawn with the fuzz's default
 * seed, each run through the CLI in this process and checked against the exit code and message it
 * states, with its inputs unchanged and nothing else written. `npm run fuzz` runs the same
 * categories for a time budget, in child processes that catch a hang.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCase, type Category } from './fuzz/fuzzCase.ts';
import { DEFAULT_SEED, SOURCES } from './fuzz/sources.ts';

/** Cases per category in the test suite (`npm run fuzz` runs many more). */
const COUNTS: Record<Category, number> = {
  inputs: 100,
  arguments: 200,
  targets: 120,
  releases: 100,
  runs: 25,
  columnar: 40,
  signals: 4,
};

const root = mkdtempSync(join(tmpdir(), 'txanon-fuzz-'));
const tried: string[] = [];

describe('fuzz through the command line: every case gets the exit code and message it states', () => {
  for (const [category, count] of Object.entries(COUNTS) as [Category, number][]) {
    it(`${category}: ${count} cases`, async () => {
      const failures: string[] = [];
      for (let index = 0; index < count; index++) {
        const result = await runCase(SOURCES[category](DEFAULT_SEED, index), root);
        if (result.problem) failures.push(`${result.name}\n  ${result.argv.join(' ')}\n  ${result.problem}`);
      }
      tried.push(`${category} ${count - failures.length}/${count}`);
      expect(failures, failures.join('\n\n')).toEqual([]);
    });
  }
});

afterAll(() => console.log(`fuzz.cli (seed ${DEFAULT_SEED}): ${tried.join(', ')} passed`));
