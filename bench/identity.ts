/**
 * `npx tsx bench/identity.ts [--write]`: proof that a change kept every method's output byte for
 * byte. Runs every method through the CLI (so the check does not depend on where code lives) on
 * BMS1 and chess from ../shared/data, hashes the release, the audit and the printed metrics, and
 * compares with bench/identity-baseline.json (`--write` records a new baseline). A run that is
 * refused counts too: its error message is hashed. Prints one line per run and exits 1 on any
 * difference.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const BASELINE = 'bench/identity-baseline.json';
const WORK = '.tmp/identity';

/**
 * The settings of issue 15: p = 10 over 10 random sensitive items, k = 5, m = 2, l = 2. Chess is
 * dense (most items are in most rows), so its p-degree runs take its six rarest items instead.
 */
const PDEGREE: Record<string, string[]> = {
  'BMS1.dat': ['--p', '10', '--sensitive-random', '10'],
  'chess.dat': ['--p', '10', '--sensitive', '59,53,30,41,61,37'],
};
const RUNS: [string, string[]][] = [
  ['gray-cahd', ['p-degree']],
  ['rcm-cahd', ['p-degree']],
  ['nn', ['p-degree']],
  ['lsh', ['p-degree']],
  ['perm-mondrian', ['p-degree']],
  ['anatomy', ['p-degree']],
  ['pta', ['--k', '5']],
  ['patternka', ['--k', '5']],
  ['multi-anatomy', ['--l', '2']],
  ['coat', ['--k', '5', '--m', '2']],
  ['apriori-km', ['--k', '5', '--m', '2']],
];
const DATASETS = ['BMS1.dat', 'chess.dat'];

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

function runOne(file: string, method: string, flags: string[]): Record<string, string> {
  const out = `${WORK}/${file}-${method}`;
  const given = flags[0] === 'p-degree' ? PDEGREE[file] : flags;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', 'anonymize', `../shared/data/${file}`, '--method', method].concat(
      given,
      ['--seed', '1', '--out', `${out}.release.json`, '--audit', `${out}.audit.json`],
    ),
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  if (result.status !== 0) return { error: sha(result.stderr.trim()), message: result.stderr.trim() };
  const record = JSON.parse(result.stdout) as { metrics: Record<string, number> };
  return {
    release: sha(readFileSync(`${out}.release.json`, 'utf8')),
    audit: sha(readFileSync(`${out}.audit.json`, 'utf8')),
    metrics: sha(JSON.stringify(record.metrics)),
  };
}

mkdirSync(WORK, { recursive: true });
const write = process.argv.includes('--write');
const baseline: Record<string, Record<string, string>> = !write && existsSync(BASELINE)
  ? JSON.parse(readFileSync(BASELINE, 'utf8'))
  : {};
const now: Record<string, Record<string, string>> = {};
let differ = 0;
for (const file of DATASETS) {
  for (const [method, flags] of RUNS) {
    const key = `${file} ${method}`;
    const started = performance.now();
    now[key] = runOne(file, method, flags);
    const before = baseline[key];
    const same = before ? JSON.stringify(before) === JSON.stringify(now[key]) : undefined;
    if (same === false) differ++;
    const verdict = same === undefined ? 'recorded' : same ? 'identical' : 'DIFFERENT';
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${key.padEnd(28)} ${verdict.padEnd(10)} ${JSON.stringify(now[key])} (${seconds} s)`);
  }
}
if (write) writeFileSync(BASELINE, JSON.stringify(now, null, 2) + '\n');
console.log(write ? `baseline written to ${BASELINE}` : `${differ} run(s) differ from ${BASELINE}`);
process.exitCode = differ > 0 ? 1 : 0;
