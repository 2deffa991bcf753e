/**
 * Parquet beside FIMI (issue 34), on the generated 1,000,000-transaction file and its Parquet twin
 * written by DuckDB (a list<int> column, zstd, DuckDB's default row groups of 122,880 rows):
 * - parse throughput, each in a fresh process: MB/s of the equivalent FIMI text and rows/s;
 * - `txanon stats` (the built bin) on both: the same answer, and each process's CPU seconds;
 * - the Parquet file loaded in the built app in Chromium: load time, main-thread long tasks, and
 *   the most CPU one main-thread task took (a trace; over 200 ms would fail the bar);
 * - `txanon --version` against `node -e ''`, interleaved in one run (median wall and CPU).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { DuckDBInstance } from '@duckdb/node-api';
import { loadFileTimes, longTasks, observerCalibrated, serveApp, waitForServer } from './browserPage.ts';
import { tracedTasks } from './traceTasks.ts';

interface Parsed {
  bytes: number;
  transactions: number;
  medianMs: number;
  maxRssBytes: number;
}

/** The Parquet twin of a FIMI file, written by DuckDB (each line a list of integers, in order). */
export async function parquetTwin(fimi: string): Promise<string> {
  const out = fimi.replace(/\.dat$/, '.zstd.parquet');
  if (existsSync(out)) return out;
  const db = await DuckDBInstance.create(':memory:');
  const sql = await db.connect();
  await sql.run(
    `COPY (SELECT list_transform(string_split(trim(line), ' '), x -> x::INTEGER) AS items FROM read_csv('${fimi}', columns = {'line': 'VARCHAR'}, header = false, delim = '\\t', quote = '', escape = '', auto_detect = false)) TO '${out}' (FORMAT parquet, COMPRESSION zstd)`,
  );
  sql.closeSync();
  return out;
}

const node = (args: string[]) =>
  JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as Parsed;

/** CPU seconds (user + system) and wall seconds of one command, by /usr/bin/time. */
function timed(command: string[]): { wall: number; cpu: number; stdout: string } {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S', ...command], { encoding: 'utf8' });
  const [wall, user, sys] = run.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { wall, cpu: user + sys, stdout: run.stdout };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchParquet(fimi: string, port: number): Promise<string> {
  const parquet = await parquetTwin(fimi);
  execFileSync('node', ['scripts/build-cli.mjs'], { stdio: 'ignore' });
  const fimiBytes = statSync(fimi).size;
  const text = node(['--import', 'tsx', 'bench/parseOne.ts', fimi, '3']);
  const columnar = node(['--import', 'tsx', 'bench/parseColumnarOne.ts', parquet, '3']);
  const row = (name: string, r: Parsed) =>
    `| ${name} | ${(r.bytes / 1e6).toFixed(1)} | ${r.medianMs.toFixed(0)} | **${(fimiBytes / 1e6 / (r.medianMs / 1000)).toFixed(0)}** | ${(((r.transactions / r.medianMs) * 1000) / 1e6).toFixed(2)} M | ${(r.maxRssBytes / 1e6).toFixed(0)} |`;

  const stats = [fimi, parquet].map((f) => timed(['node', 'dist-cli/txanon.mjs', 'stats', f]));
  const same = stats[0].stdout === stats[1].stdout;

  const version: { txanon: number[]; node: number[]; txanonCpu: number[]; nodeCpu: number[] } = {
    txanon: [],
    node: [],
    txanonCpu: [],
    nodeCpu: [],
  };
  for (let i = 0; i < 15; i++) {
    const a = timed(['node', 'dist-cli/txanon.mjs', '--version']);
    const b = timed(['node', '-e', '']);
    version.txanon.push(a.wall);
    version.txanonCpu.push(a.cpu);
    version.node.push(b.wall);
    version.nodeCpu.push(b.cpu);
  }
  const help = timed(['node', 'dist-cli/txanon.mjs', '--help']);

  let browser = ['', 'Chromium not found: the page load was not measured.'];
  if (existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    const served = await serveApp(port);
    try {
      const page = await served.browser.newPage();
      await waitForServer(page, served.url);
      await page.getByTestId('stat-transactions').waitFor();
      await served.browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
      await page.evaluate(() => console.timeStamp('txanon-load'));
      const times = await loadFileTimes(page, parquet, '1,000,000', 600_000);
      await page.waitForTimeout(500);
      await page.evaluate(() => console.timeStamp('txanon-loaded'));
      const traced = tracedTasks(await served.browser.stopTracing(), 'txanon-load', 'txanon-loaded');
      const tasks = await longTasks(page);
      const calibrated = await observerCalibrated(page);
      const shownStats = await page.getByTestId('stat-transactions').textContent();
      const mostCpu = Math.max(0, ...traced.map((t) => t.cpuMs));
      browser = [
        `| load to stats, ms | ${times.statsMs} |`,
        `| load to stats + risk chart, ms | ${times.riskMs} |`,
        `| transactions shown | ${shownStats} |`,
        `| main-thread long tasks (> 50 ms wall) | ${tasks.length} (longest ${Math.max(0, ...tasks).toFixed(0)} ms wall) |`,
        `| most CPU in one main-thread task, ms (trace) | **${mostCpu.toFixed(0)}** (bar: 200) |`,
        `| observer saw a deliberate 150 ms task (calibration) | ${calibrated ? 'yes' : 'NO'} |`,
      ];
    } finally {
      await served.close();
    }
  }

  return [
    '## Parquet beside FIMI (1,000,000 transactions)',
    '',
    `The generated FIMI file (${(fimiBytes / 1e6).toFixed(1)} MB) and its Parquet twin written by DuckDB (${(statSync(parquet).size / 1e6).toFixed(1)} MB: a list<int> column, zstd, row groups of 122,880 rows). Each parse in a fresh process, median of 3 after a warm-up; throughput is MB of the equivalent FIMI text per second, so the two rows compare like for like. Load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores when this section ended.`,
    '',
    '| input | file MB | parse ms | MB/s of FIMI text | rows/s | peak RSS MB |',
    '|---|---|---|---|---|---|',
    row('FIMI (parsers/fimi.ts)', text),
    row('Parquet zstd (hyparquet + hyparquet-compressors)', columnar),
    '',
    `Parquet parse time / FIMI parse time: **${(columnar.medianMs / text.medianMs).toFixed(2)}**.`,
    '',
    `\`txanon stats\` (the built bin) on both: ${same ? 'the same answer' : '**DIFFERENT answers**'} (${stats[1].stdout.replace(/\s+/g, ' ').trim()}); CPU seconds of the process: FIMI ${stats[0].cpu.toFixed(2)}, Parquet ${stats[1].cpu.toFixed(2)}.`,
    '',
    '| the Parquet file in Chromium (built app, file input) | value |',
    '|---|---|',
    ...browser,
    '',
    `\`txanon --version\` against \`node -e ''\`, 15 runs each, interleaved: median wall ${median(version.txanon).toFixed(3)} s against ${median(version.node).toFixed(3)} s (**${(median(version.txanon) / median(version.node)).toFixed(2)}x**; bar: 3x), median CPU ${median(version.txanonCpu).toFixed(3)} s against ${median(version.nodeCpu).toFixed(3)} s. \`txanon --help\` (loads every command's declarations): ${help.wall.toFixed(3)} s wall, ${help.cpu.toFixed(3)} s CPU.`,
    '',
  ].join('\n');
}
