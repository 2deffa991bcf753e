/**
 * The projection of docs/scale-out.md (issue 35), from the records bench/distribute.sh measured on
 * the 410,201-row Netflix shape (`distribute --engine dask --parts 8 --workers 2`): each
 * partition's task CPU seconds (process start, read, method, release written) and the driver's
 * (partitions written, merge, global verification, metrics, release written). On M machines of 2
 * cores (the PatternKa paper's: 2 cores, 12 GB each), W = 2M tasks run at once. A file N times the
 * measured one is cut into partitions of the measured size (ROWS / 8 rows), P = 8N of them; if their
 * costs are distributed as the measured eight were, the tasks take about max(slowest partition,
 * ceil(P / W) waves x the mean partition); the driver, on one machine, grows with the rows (N x its
 * measured CPU). Rows per hour = rows / (tasks + driver). CPU seconds measured on a shared machine:
 * a projection on paper, not a run. Usage: npx tsx bench/scaleOut.ts [ROWS] [DIR]
 * (defaults 410201 and .tmp/bench/distribute; records DIR/<method>-ROWS-dask.json, the JSON that
 * `distribute` prints: the whole Netflix shape of issue 31 was measured as ROWS = 480189).
 */
import { existsSync, readFileSync } from 'node:fs';

const ROWS = Number(process.argv[2] ?? 410_201);
const dir = process.argv[3] ?? '.tmp/bench/distribute';

interface Partition {
  rows: number;
  cpu_s: number;
}

function record(method: string) {
  const path = `${dir}/${method}-${ROWS}-dask.json`;
  if (!existsSync(path) || !readFileSync(path, 'utf8').trim()) return null;
  const r = JSON.parse(readFileSync(path, 'utf8'));
  const parts = r.distribute.partitions as Partition[];
  return { parts, driver: r.distribute.cpu_s.driver as number };
}

const hours = (s: number) =>
  s >= 3600 ? `${(s / 3600).toFixed(1)} h` : s >= 60 ? `${(s / 60).toFixed(1)} min` : `${s.toFixed(0)} s`;
const perHour = (rows: number, s: number) => `${(((rows / s) * 3600) / 1e6).toFixed(1)} M`;

const lines = [
  '| method | partition CPU s (mean / slowest of 8) | driver CPU s | file | machines | partitions | tasks | driver | total | rows / hour |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
for (const method of ['pta', 'patternka', 'gray-cahd', 'apriori-km']) {
  const r = record(method);
  if (!r) {
    lines.push(`| ${method} | not measured |`);
    continue;
  }
  const cpus = r.parts.map((p) => p.cpu_s);
  const mean = cpus.reduce((a, b) => a + b, 0) / cpus.length;
  const slowest = Math.max(...cpus);
  for (const scale of [1, 100]) {
    for (const machines of [10, 80]) {
      const slots = 2 * machines;
      const partitions = 8 * scale;
      const tasks = Math.max(slowest, Math.ceil(partitions / slots) * mean);
      const driver = r.driver * scale;
      const rows = ROWS * scale;
      lines.push(
        `| ${method} | ${mean.toFixed(1)} / ${slowest.toFixed(1)} | ${r.driver.toFixed(1)} | ${scale === 1 ? `${ROWS.toLocaleString('en-US')} rows` : `${(rows / 1e6).toFixed(1)} M rows (100x)`} | ${machines} | ${partitions} | ${hours(tasks)} | ${hours(driver)} | ${hours(tasks + driver)} | ${perHour(rows, tasks + driver)} |`,
      );
    }
  }
}
console.log(lines.join('\n'));
