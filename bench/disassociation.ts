/**
 * `npm run bench -- disassociation` (issue 41): disassociation (Terrovitis et al., PVLDB 2012)
 * beside apriori-km at (k, m) in {(5, 2), (10, 2)} on BMS1 and on the 410,201-row Netflix shape
 * (`generate --shape netflix`, the file bench/scale.ts writes): each `txanon anonymize` a fresh
 * process under GNU time with `--metrics topk` (topk.re: the median relative error of the input's
 * 100 most frequent itemsets' supports estimated from the release), its CPU as a ratio to a `stats`
 * process on the same file (parse and statistics) run just before, every release verified.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { SHAPES } from '../src/core/data/syntheticShape.ts';
import { cliCpu } from './cliCpu.ts';
import { writeShapeFile } from './shapeFile.ts';

const CELLS = [
  { k: 5, m: 2 },
  { k: 10, m: 2 },
];
const NETFLIX = '.tmp/bench/scale/netflix-410201.dat';

interface Cell {
  cpu: number;
  ratio: number;
  re: number | null;
  verified: boolean;
  peakMb: number;
}

function anonymize(file: string, method: string, k: number, m: number, stats: number): Cell {
  const run = cliCpu([
    'anonymize',
    file,
    '--method',
    method,
    '--k',
    String(k),
    '--m',
    String(m),
    '--metrics',
    'topk',
    '--out',
    `.tmp/bench-${method}-${k}.json`,
    '--quiet',
  ]);
  if (run.code !== 0) throw new Error(`anonymize ${file} --method ${method} failed (exit ${run.code})`);
  const record = JSON.parse(run.stdout) as { verified: boolean; metrics: { re?: number } };
  return {
    cpu: run.cpuSeconds,
    ratio: run.cpuSeconds / stats,
    re: record.metrics.re ?? null,
    verified: record.verified,
    peakMb: run.peakMb,
  };
}

export async function benchDisassociation(shared: string): Promise<string> {
  mkdirSync('.tmp/bench/scale', { recursive: true });
  await writeShapeFile(NETFLIX, SHAPES.netflix);
  const files = [
    { label: 'BMS1', file: `${shared}/BMS1.dat` },
    { label: 'Netflix shape 410,201', file: NETFLIX },
  ].filter((f) => existsSync(f.file));
  const rows: string[] = [];
  let wins = 0;
  let cells = 0;
  for (const { label, file } of files) {
    console.error(`disassociation bench: ${label}…`);
    const stats = cliCpu(['stats', file]).cpuSeconds;
    for (const { k, m } of CELLS) {
      const dis = anonymize(file, 'disassociation', k, m, stats);
      const km = anonymize(file, 'apriori-km', k, m, stats);
      cells++;
      if (dis.re !== null && km.re !== null && dis.re <= km.re) wins++;
      const re = (c: Cell) => (c.re === null ? '–' : c.re.toFixed(3));
      rows.push(
        `| ${label} | (${k}, ${m}) | ${stats.toFixed(1)} | ${dis.cpu.toFixed(1)} | **${dis.ratio.toFixed(1)}** | ${km.cpu.toFixed(1)} | **${km.ratio.toFixed(1)}** | ${(dis.cpu / km.cpu).toFixed(2)} | ${re(dis)} | ${re(km)} | ${dis.verified && km.verified ? 'yes' : 'NO'} | ${dis.peakMb} / ${km.peakMb} |`,
      );
    }
  }
  return [
    '## Disassociation beside apriori-km: CPU and top-100 itemsets (disassociation)',
    '',
    `Each run a fresh \`txanon anonymize … --metrics topk\` process under GNU time (user + system; load ${loadavg()[0].toFixed(1)} on ${cpus().length} shared cores when the section ended); "/ stats": its CPU over a \`stats\` process on the same file (reading and statistics). re: topk.re, the median relative error of the input's 100 most frequent itemsets' supports estimated from the release (lower is better; disassociation's estimate is the expected support over the joins of its chunks, metrics/disassociatedEstimator.ts). Disassociation at most apriori-km in ${wins} of ${cells} cells.`,
    '',
    '| data | (k, m) | stats CPU s | disassociation CPU s | / stats | apriori-km CPU s | / stats | dis / apriori-km | re disassociation | re apriori-km | verified | peak MB dis / km |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
