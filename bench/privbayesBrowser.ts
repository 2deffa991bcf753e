/**
 * `npm run bench -- privbayes-browser` (issue 45: "PrivBayes on 100,000 rows x 1,000 items within
 * 60 s in one browser tab"): the generated Quest file (T10 I4 N1000, 100,000 rows, seed 1) loaded
 * through the built app's file input in Debian's Chromium, then PrivBayes run from the Anonymize
 * form at ε = 1 with its defaults, timed in the page from the click to the run's row in the table
 * (bench/browserRun.ts: the run, its verification, its metrics and its files). The machine's load is
 * stated beside it: on a shared 2-core machine the wall clock includes the wait for a core.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { browserRun } from './browserRun.ts';
import { generateQuestFile, WORK } from './generated.ts';

const FILE = `${WORK}/T10I4D100K-N1000.dat`;
const TARGET_MS = 60_000;

export async function benchPrivBayesBrowser(port: number): Promise<string> {
  await generateQuestFile(FILE, { D: 100_000, T: 10, I: 4, N: 1000, seed: 1 });
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const report = await browserRun(FILE, '100,000', [{ method: 'privbayes', params: { epsilon: '1' } }], port);
  const rows = report.runs.map(
    (r) =>
      `| ${r.method} ε=1 | ${r.phases.join(' → ')} | ${r.runtimeShownMs} | ${r.totalShownMs} | ${r.clickToResultMs.toFixed(0)} | ${r.clickToResultMs <= TARGET_MS ? 'yes' : 'no'} | ${r.longTasks.length} |`,
  );
  return [
    '## PrivBayes on 100,000 rows x 1,000 items in one Chromium tab (issue 45)',
    '',
    `The generated Quest file (T10 I4 N1000, 100,000 rows, seed 1) loaded through the built app's file input (${report.workers}; cross-origin isolated: ${report.crossOriginIsolated}; load ${report.loadMs} ms), then PrivBayes run from the Anonymize form at ε = 1, defaults otherwise (degree 2, at most 100 items). "click to result": from the click to the run's row in the table, timed in the page (run, verification, metrics, files). Load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores when the section ended.`,
    '',
    '| run | phases shown | method ms shown | total ms shown | click to result ms | within 60 s | main-thread tasks over 50 ms |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
