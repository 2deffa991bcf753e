/**
 * The table of bench/distribute.sh's records (issue 35): per method, the single process beside the
 * distributed run: CPU seconds (user + system of the process and every child it waited for, from
 * /usr/bin/time), peak RSS of the largest process, and the metrics of both releases (each against
 * the whole input), then the price of partitioning (distributed - single) and the engine's CPU
 * overhead (distributed CPU / single CPU). Usage: npx tsx bench/distributeTable.ts [ROWS] [ENGINE]
 */
import { existsSync, readFileSync } from 'node:fs';

const rows = process.argv[2] ?? '410201';
const engine = process.argv[3] ?? 'dask';
const dir = '.tmp/bench/distribute';
const METRICS = ['il_ratio', 'gcp', 'ncp', 'kl', 'ul', 'avgre'];

interface Time {
  user: number;
  system: number;
  maxrss_kb: number;
  wall: number;
}

function read(name: string): { time: Time; record: Record<string, unknown> } | null {
  if (!existsSync(`${dir}/${name}.time`) || !existsSync(`${dir}/${name}.json`)) return null;
  const text = readFileSync(`${dir}/${name}.json`, 'utf8');
  if (!text.trim()) return null;
  return { time: JSON.parse(readFileSync(`${dir}/${name}.time`, 'utf8')), record: JSON.parse(text) };
}

const fmt = (x: number | undefined, digits = 3) =>
  x === undefined ? '' : Math.abs(x) < 0.01 && x !== 0 ? x.toPrecision(2) : x.toFixed(digits);
const lines = [
  `| method (${rows} rows) | run | CPU s | wall s | peak RSS MB | partitions' CPU s | driver CPU s | ${METRICS.join(' | ')} |`,
  `|---|---|---|---|---|---|---|${METRICS.map(() => '---').join('|')}|`,
];
const price: string[] = [];
for (const method of ['pta', 'patternka', 'gray-cahd', 'apriori-km']) {
  const runs = { single: read(`${method}-${rows}-single`), [engine]: read(`${method}-${rows}-${engine}`) };
  for (const [run, r] of Object.entries(runs)) {
    if (!r) {
      lines.push(`| ${method} | ${run} | not measured |`);
      continue;
    }
    const metrics = r.record.metrics as Record<string, number>;
    const d = r.record.distribute as { cpu_s: { partitions: number | null; driver: number } } | undefined;
    lines.push(
      `| ${method} | ${run === 'single' ? 'one process' : `${engine}, 8 parts, 2 workers`} | ${fmt(r.time.user + r.time.system, 1)} | ${fmt(r.time.wall, 1)} | ${(r.time.maxrss_kb / 1024).toFixed(0)} | ${d ? fmt(d.cpu_s.partitions ?? undefined, 1) : ''} | ${d ? fmt(d.cpu_s.driver, 1) : ''} | ${METRICS.map((m) => fmt(metrics[m])).join(' | ')} |`,
    );
  }
  const [s, e] = [runs.single, runs[engine]];
  if (s && e) {
    const ms = s.record.metrics as Record<string, number>;
    const me = e.record.metrics as Record<string, number>;
    const diffs = METRICS.filter((m) => ms[m] !== undefined && me[m] !== undefined).map(
      (m) => `${m} ${me[m] - ms[m] >= 0 ? '+' : ''}${(me[m] - ms[m]).toFixed(3)}`,
    );
    const cpu = (t: Time) => t.user + t.system;
    price.push(
      `- ${method}: ${diffs.join(', ')}; CPU ${(cpu(e.time) / cpu(s.time)).toFixed(2)}x the single process (${fmt(cpu(e.time), 1)} s / ${fmt(cpu(s.time), 1)} s)`,
    );
  }
}
console.log(
  [...lines, '', 'Price of partitioning (distributed - single) and CPU overhead:', '', ...price].join('\n'),
);
