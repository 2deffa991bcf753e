/**
 * `npm run bench -- pageload` (issue 46): the page's load of a FIMI file against the CLI's on the
 * same file, in the same run. The CLI: `txanon stats FILE` (the built bin), CPU (user + system) and
 * peak RSS by /usr/bin/time. The page: the built app (`vite build`) served by `vite preview` in
 * Debian's headless Chromium (bench/browserPage.ts), the file given to its file input; CPU is every
 * Chromium process's (browser, renderer, workers, GPU: /proc/PID/stat) from the drop until the stats
 * show, which holds the read, the parse in the worker, the statistics and the stats panel's render;
 * memory is the sum of the Chromium processes' RSS sampled every 500 ms (peak, and the peak less
 * what the open app held before the drop). Files: the 410,201-row Netflix shape always, the full
 * Netflix Prize shape (480,189 rows, 100 M occurrences, 540 MB) with PARSE_FULL=1 (the same files
 * as the `parse` section, bench/parseFormats.ts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { SHAPES, type ShapeParams } from '../src/core/data/syntheticShape.ts';
import { chromiumRssMb, loadFileTimes, memoryPeak, openApp } from './browserPage.ts';
import { NETFLIX_FULL, PARSE_WORK, measure } from './parseFormats.ts';
import { writeShapeFile } from './shapeFile.ts';

/** The page's wait for the stats of the full shape, generous for a loaded 2-core box. */
const PAGE_LIMIT_MS = 900_000;

interface PageLoad {
  cpu: number;
  /** The renderer processes' share of `cpu` (the page and its workers). */
  rendererCpu: number;
  wallS: number;
  peakMb: number;
  beforeMb: number;
}

/** The app opened in Chromium, `file` given to it; CPU and memory until its stats show. */
async function pageLoad(file: string, transactions: number, port: number): Promise<PageLoad> {
  const { page, close } = await openApp(port);
  try {
    const beforeMb = chromiumRssMb();
    const peak = memoryPeak();
    const times = await loadFileTimes(page, file, transactions.toLocaleString('en'), PAGE_LIMIT_MS);
    return {
      cpu: times.statsCpuS,
      rendererCpu: times.statsRendererCpuS,
      wallS: times.statsMs / 1000,
      peakMb: peak.stop(),
      beforeMb,
    };
  } finally {
    await close();
  }
}

export async function benchPageLoad(port: number): Promise<string> {
  mkdirSync(PARSE_WORK, { recursive: true });
  execFileSync('node', ['scripts/build-cli.mjs'], { stdio: 'ignore' });
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const files: { label: string; file: string; shape: ShapeParams }[] = [
    { label: 'Netflix shape, 410,201 rows', file: `${PARSE_WORK}/netflix410.dat`, shape: SHAPES.netflix },
  ];
  if (process.env.PARSE_FULL === '1')
    files.push({
      label: 'full Netflix shape, 480,189 rows',
      file: `${PARSE_WORK}/netflix-full.dat`,
      shape: NETFLIX_FULL,
    });
  const lines = [
    "## The page's load against the CLI's (issue 46)",
    '',
    `\`npm run bench -- pageload\`, load average ${loadavg()[0].toFixed(1)} at the start (2 shared cores). CLI: \`txanon stats FILE\``,
    '(the built bin), CPU and peak RSS by /usr/bin/time. Page: the built app in headless Chromium, the file given to',
    'its file input; CPU of every Chromium process from the drop until the stats show (read, parse in the worker,',
    'statistics, render; "of it renderer": the renderer processes, where the page and its workers run); memory the sum of the Chromium processes\' RSS sampled every 500 ms ("added": the peak',
    'less what the open app held before the drop). "page / CLI" is CPU over CPU in this run.',
    '',
    '| data | MB | CLI CPU s | CLI peak RSS MB | page CPU s | of it renderer s | page wall s | page / CLI | page peak RSS MB | added MB |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { label, file, shape } of files) {
    await writeShapeFile(file, shape);
    const transactions = Number(
      spawnSync('wc', ['-l', file], { encoding: 'utf8' }).stdout.trim().split(/\s+/)[0],
    );
    const cli = measure(['node', 'dist-cli/txanon.mjs', 'stats', file]);
    const page = await pageLoad(file, transactions, port);
    lines.push(
      `| ${label} | ${(statSync(file).size / 1e6).toFixed(1)} | ${cli.cpu.toFixed(2)} | ${cli.rssMb.toFixed(0)} | ${page.cpu.toFixed(2)} | ${page.rendererCpu.toFixed(2)} | ${page.wallS.toFixed(1)} | **${(page.cpu / cli.cpu).toFixed(2)}** | ${page.peakMb.toFixed(0)} | ${(page.peakMb - page.beforeMb).toFixed(0)} |`,
    );
    console.error(lines.at(-1));
  }
  lines.push('');
  return lines.join('\n');
}
