/**
 * apriori-km (Terrovitis et al.'s Apriori Anonymization) over hierarchies (DESIGN.md sec. 7):
 * - BMS1, k = 5, m = 2, balanced hierarchies of fan-out 5 over the items alphabetically, by id and
 *   by support: runtime over the parse time of the same file in this process, the NCP of the cut
 *   (the measure AA minimises), the generalized items and the DA fixes; every release verified.
 * - A retail-log-shaped dataset, 100,000 rows over 20,000 items with Zipf popularity (`cli generate
 *   --shape retail`, bench/shapeFile.ts), k = 5, m = 2, fan-out 5: the whole CLI
 *   command as a user runs it (parse, run, verification, default metrics, writing; wall clock) and
 *   the page (file dropped, run clicked, until the verified release shows; wall clock).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { runMethod } from '../src/core/run/runMethod.ts';
import { SHAPES } from '../src/core/data/syntheticShape.ts';
import { openApp } from './browserPage.ts';
import { parseMedian } from './methods.ts';
import { medianTimedRecord, TIMING_NOTE } from './timing.ts';
import { writeShapeFile } from './shapeFile.ts';

const RETAIL = SHAPES.retail;
const RETAIL_FILE = '.tmp/bench/retail-100000.dat';

export async function benchHierarchy(shared: string): Promise<string> {
  const lines = [
    "## apriori-km over hierarchies (Terrovitis et al.'s AA)",
    '',
    `k = 5, m = 2, balanced hierarchies of fan-out 5, seed 1. ${TIMING_NOTE} "time / parse" is the`,
    'runtime over the median parse time of the same file in this process. NCP: the cost AA minimises',
    "(each item occurrence costs the share of the data's items its published node stands for; cut.ts).",
    '',
    '| dataset | parse ms | hierarchy | runtime ms | time / parse | NCP | generalized items | fixes | rare itemsets (1 / 2) | verified |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  if (existsSync(`${shared}/BMS1.dat`)) {
    const { dataset, ms: parseMs } = parseMedian(readFileSync(`${shared}/BMS1.dat`), 'BMS1.dat');
    for (const order of ['alphabetical', 'id', 'support']) {
      console.error(`  BMS1 apriori-km order=${order}`);
      const record = medianTimedRecord(
        (metrics) =>
          runMethod(dataset, { method: 'apriori-km', params: { k: 5, m: 2, f: 5, order }, seed: 1, metrics })
            .record,
        [],
      );
      lines.push(
        `| BMS1.dat | ${parseMs.toFixed(1)} | f = 5, ${order} | ${record.runtime_ms.toFixed(0)} | **${(record.runtime_ms / parseMs).toFixed(0)}** | ${record.notes.NCP} | ${record.notes['generalized items']} | ${record.notes.fixes} | ${record.notes['rare itemsets found']} | ${record.verified} |`,
      );
    }
  }
  lines.push('', ...(await retail()));
  return lines.join('\n') + '\n';
}

async function retail(): Promise<string[]> {
  mkdirSync('.tmp/bench', { recursive: true });
  await writeShapeFile(RETAIL_FILE, RETAIL);
  console.error('  retail-shaped 100K x 20K: CLI');
  const started = Date.now();
  const cli = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/main.ts',
      'anonymize',
      RETAIL_FILE,
      '--method',
      'apriori-km',
      '--k',
      '5',
      '--m',
      '2',
      '--f',
      '5',
      '--order',
      'id',
      '--out',
      '.tmp/bench/retail-apriori.json',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const cliMs = Date.now() - started;
  if (cli.status !== 0) return [`CLI failed: ${cli.stderr.split('\n')[0]}`];
  const record = JSON.parse(cli.stdout) as {
    runtime_ms: number;
    verified: boolean;
    notes: Record<string, string>;
  };
  const rows = [
    `Retail-shaped data: ${RETAIL.D.toLocaleString('en')} rows over ${RETAIL.N.toLocaleString('en')} items, Zipf popularity (s = ${RETAIL.zipf}),`,
    `${RETAIL.T} items a row on average, at most ${RETAIL.maxLength} (\`generate --shape retail\`, seed ${RETAIL.seed}); apriori-km k = 5, m = 2, fan-out 5 over the items by id. Wall`,
    `clock of the whole command or page action (once; the machine is shared, so seconds vary: 1-minute load`,
    `average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores when this ran).`,
    '',
    '| where | wall s | apriori-km runtime s | NCP | generalized items | fixes | verified |',
    '|---|---|---|---|---|---|---|',
    `| CLI (\`anonymize\`, parse + run + verify + default metrics + write) | **${(cliMs / 1000).toFixed(1)}** | ${(record.runtime_ms / 1000).toFixed(1)} | ${record.notes.NCP} | ${record.notes['generalized items']} | ${record.notes.fixes} | ${record.verified} |`,
  ];
  if (existsSync('/usr/bin/chromium') || process.env.CHROMIUM_PATH) {
    console.error('  retail-shaped 100K x 20K: page');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    const page = await inPage();
    rows.push(
      `| page (file dropped until the stats show) | ${(page.loadMs / 1000).toFixed(1)} | | | | | |`,
      `| page (Run clicked until the verified release shows) | **${(page.runMs / 1000).toFixed(1)}** | | ${page.ncp} | | | ${page.verified} |`,
    );
  }
  return [...rows, ''];
}

async function inPage(): Promise<{ loadMs: number; runMs: number; ncp: string; verified: boolean }> {
  const { page, close } = await openApp(4181);
  try {
    await page.getByTestId('stat-transactions').waitFor();
    let started = Date.now();
    await page.getByTestId('file-input').setInputFiles(RETAIL_FILE);
    await page.getByTestId('stat-transactions').filter({ hasText: '100,000' }).waitFor({ timeout: 300_000 });
    const loadMs = Date.now() - started;
    await page.getByTestId('tab-anonymize').click();
    await page.getByTestId('method-select').selectOption('apriori-km');
    await page.getByTestId('param-k').fill('5');
    await page.getByTestId('param-m').fill('2');
    await page.getByTestId('param-f').fill('5');
    await page.getByTestId('param-order').selectOption('id');
    started = Date.now();
    await page.getByTestId('run-method').click();
    await page.getByTestId('run-verified').waitFor({ timeout: 600_000 });
    const runMs = Date.now() - started;
    const notes = (await page.getByTestId('run-detail').textContent()) ?? '';
    await page.getByTestId('published-tree').waitFor({ timeout: 120_000 });
    await page.screenshot({ path: '.tmp/bench/retail-apriori-page.png', fullPage: true });
    return {
      loadMs,
      runMs,
      ncp: /NCP: ([\d.]+)/.exec(notes)?.[1] ?? '?',
      verified: notes.includes('verified'),
    };
  } finally {
    await close();
  }
}
