/**
 * The files the command-line fuzz runs on: a small FIMI dataset (40 rows, 19 items, rows of 3),
 * a sweep spec, a run's rules, release and audit, COAT constraints, a hierarchy and a column split,
 * each written into a case's directory on demand. The runs behind the rules and the release are
 * made once per process (core calls, as `anonymize` makes them).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBytes } from '../../src/core/data/parsers/index.ts';
import type { Dataset } from '../../src/core/data/dataset.ts';
import { publishRun } from '../../src/core/run/publishRun.ts';
import { runExtra } from '../../src/core/run/runExtra.ts';
import { MemorySink } from '../../src/core/release/export/textWriter.ts';
import type { Release } from '../../src/core/release/types.ts';
import { auditJsonText, writeReleaseJson } from '../../src/core/release/writeJson.ts';

/** A release's JSON as the CLI writes it (without the final line break). */
function releaseText(release: Release): string {
  const sink = new MemorySink();
  writeReleaseJson(release, sink);
  return sink.text();
}

export const DATA_ROWS = 40;
export const DATA_TEXT =
  Array.from({ length: DATA_ROWS }, (_, i) => `${i % 6} ${6 + ((i * 5) % 9)} ${15 + (i % 4)}`).join('\n') +
  '\n';

let dataset: Dataset | undefined;
/** The dataset as the CLI reads data.dat. */
export function fixtureDataset(): Dataset {
  return (dataset ??= parseBytes(new TextEncoder().encode(DATA_TEXT), { fileName: 'data.dat' }).dataset);
}

const memo = new Map<string, string>();
const once = (key: string, make: () => string) => memo.get(key) ?? memo.set(key, make()).get(key)!;

function run(method: string, params: Record<string, number>) {
  return publishRun(fixtureDataset(), { method, params, seed: 1 }, {}, { exportFormat: null, rules: true });
}

const CONTENT: Record<string, () => string> = {
  'data.dat': () => DATA_TEXT,
  'spec.json': () => JSON.stringify({ dataset: 'data.dat', runs: [{ method: 'pta', params: { k: 2 } }] }),
  'pta-rules.json': () => once('pta', () => run('pta', { k: 2 }).rulesJson!),
  'pta-release.json': () => once('pta-release', () => releaseText(run('pta', { k: 2 }).release)),
  'pta-audit.json': () => once('pta-audit', () => auditJsonText(run('pta', { k: 2 }).audit)),
  'coat-rules.json': () => once('coat', () => run('coat', { k: 2, m: 2 }).rulesJson!),
  'constraints.json': () =>
    once('constraints', () =>
      JSON.stringify(
        runExtra(fixtureDataset(), { method: 'coat', params: { k: 2 }, seed: 1, extra: 'pgen' }),
      ),
    ),
  'hierarchy.csv': () =>
    fixtureDataset()
      .dictionary.tokens.map((t) => `${t};ALL`)
      .join('\n') + '\n',
  'columns.txt': () => {
    const tokens = fixtureDataset().dictionary.tokens;
    return `${tokens.slice(0, 9).join(', ')}\n${tokens.slice(9).join(', ')}\n`;
  },
};

export type FixtureName = keyof typeof CONTENT & string;
export const FIXTURES = Object.keys(CONTENT) as FixtureName[];

/** Writes fixture `name` into `dir` and returns its path. */
export function fixture(dir: string, name: FixtureName): string {
  const path = join(dir, name);
  writeFileSync(path, CONTENT[name]());
  return path;
}
