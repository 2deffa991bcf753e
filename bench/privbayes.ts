/**
 * `npm run bench -- privbayes` (issue 45): PrivBayes against DiffPart on the reference files, in the
 * PrivBayes paper's shape of experiment (counting queries; Zhang et al. Sec. 6, cited from our
 * knowledge): for each file and ε ∈ {0.5, 1, 2}, SEEDS seeds of seeded noise (measurement only),
 * - the average relative error of 1,000 random 2-item and 1,000 random 3-item counting queries
 *   (each drawn from one input row, so its true count is at least 1; metrics/avgre.ts's workload),
 *   relative to max(true count, 0.1% of the rows) (the paper's sanity bound), mean over seeds with a
 *   95% interval (t over the seeds);
 * - the F1 of the top 50 itemsets (of any length) of the release against the input's (both lists
 *   have 50, so F1 is the share in common);
 * - PrivBayes's published row count against the input's.
 * Then the CPU time of one PrivBayes run (the whole pipeline: run, verification, no metrics) on a
 * generated 100,000 x 1,000 file (Quest T10 I4 N1000).
 * `PB_FILES`, `PB_SEEDS` narrow it for a quick look; `PB_SCALE=0` leaves out the 100,000 x 1,000 timing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseBytes } from '../src/core/data/parsers/index.ts';
import { avgreQueries } from '../src/core/metrics/avgre.ts';
import { questDataset } from '../src/core/data/synthetic.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { rowCount } from '../src/core/release/tokenRows.ts';
import { relativeErrors, releaseDataset, topF1 } from './countingQueries.ts';
import type { TransactionsRelease } from '../src/core/release/types.ts';

/** The reference data (../shared/data beside the main checkout; PB_DATA elsewhere). */
const SHARED = process.env.PB_DATA ?? '../shared/data';
const FILES = (process.env.PB_FILES ?? 'BMS1.dat,mushroom.dat,BMS2.dat,T10I4D100K.dat').split(',');
const EPSILONS = [0.5, 1, 2];
const SEEDS = Number(process.env.PB_SEEDS ?? 10);
const METHODS = ['privbayes', 'diffpart'] as const;

interface Cell {
  re2: number[];
  re3: number[];
  f1: number[];
  rows: number[];
}

/** Student's t 0.975 quantile for df = 1..9 (tables), 1.96 beyond (a few seeds only here). */
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262];
const tQuantile975 = (df: number) => T975[df - 1] ?? 1.96;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
function interval(xs: number[]): string {
  const m = mean(xs);
  if (xs.length < 2) return m.toFixed(3);
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
  const half = (tQuantile975(xs.length - 1) * sd) / Math.sqrt(xs.length);
  return `${m.toFixed(3)} ± ${half.toFixed(3)}`;
}

function overlap(a: number[], b: number[]): boolean {
  const ends = (xs: number[]) => {
    const m = mean(xs);
    const sd = xs.length < 2 ? 0 : Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
    const half = xs.length < 2 ? 0 : (tQuantile975(xs.length - 1) * sd) / Math.sqrt(xs.length);
    return [m - half, m + half];
  };
  const [a0, a1] = ends(a);
  const [b0, b1] = ends(b);
  return a0 <= b1 && b0 <= a1;
}

export function benchPrivBayes(folder = SHARED): string {
  const lines = [
    '## PrivBayes against DiffPart (issue 45)',
    '',
    `Counting queries as the PrivBayes paper measures them: 1,000 random 2-item and 1,000 random 3-item queries (each from one input row), relative error against max(true count, 0.1% of the rows), mean over ${SEEDS} seeds of seeded noise with a 95% t interval; top-50 itemsets F1; PrivBayes's rows against the input's. Defaults otherwise (PrivBayes degree 2, at most 100 items; DiffPart f = 10). "wins": PrivBayes's error below DiffPart's with intervals apart.`,
    '',
    '| file | ε | PrivBayes RE 2-item | DiffPart RE 2-item | PrivBayes RE 3-item | DiffPart RE 3-item | wins (2, 3) | F1 top-50 PB / DP | PB rows / input |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const file of FILES) {
    const path = `${folder}/${file}`;
    if (!existsSync(path)) continue;
    const input = parseBytes(readFileSync(path), { fileName: file }).dataset;
    const q2 = avgreQueries(input, 2, 1000, 1);
    const q3 = avgreQueries(input, 3, 1000, 1);
    for (const epsilon of EPSILONS) {
      const cells = Object.fromEntries(
        METHODS.map((m) => [m, { re2: [], re3: [], f1: [], rows: [] } as Cell]),
      ) as Record<(typeof METHODS)[number], Cell>;
      for (let seed = 1; seed <= SEEDS; seed++)
        for (const method of METHODS) {
          const { release } = runMethod(input, {
            method,
            params: { epsilon },
            seed,
            seededNoise: true,
            metrics: [],
          });
          const out = releaseDataset(release as TransactionsRelease);
          const cell = cells[method];
          cell.re2.push(relativeErrors(input, out, q2));
          cell.re3.push(relativeErrors(input, out, q3));
          cell.f1.push(topF1(input, out));
          cell.rows.push(out.n);
          console.error(
            `${file} ε=${epsilon} ${method} seed ${seed}: rows ${out.n}, RE2 ${cell.re2.at(-1)!.toFixed(3)}`,
          );
        }
      const pb = cells.privbayes;
      const dp = cells.diffpart;
      const win = (a: number[], b: number[]) => (mean(a) < mean(b) && !overlap(a, b) ? 'yes' : 'no');
      const line = `| ${file} | ${epsilon} | ${interval(pb.re2)} | ${interval(dp.re2)} | ${interval(pb.re3)} | ${interval(dp.re3)} | ${win(pb.re2, dp.re2)}, ${win(pb.re3, dp.re3)} | ${mean(pb.f1).toFixed(2)} / ${mean(dp.f1).toFixed(2)} | ${(mean(pb.rows) / input.n).toFixed(4)} |`;
      // Each cell as it lands (a long run stopped midway keeps what it measured).
      console.error(line);
      lines.push(line);
    }
  }
  if (process.env.PB_SCALE !== '0') lines.push('', ...scaleLines(), '');
  else lines.push('');
  return lines.join('\n');
}

/** CPU time of PrivBayes alone on a generated 100,000 x 1,000 file, at the default and the largest N. */
function scaleLines(): string[] {
  const input = questDataset({ D: 100_000, T: 10, I: 4, N: 1000, seed: 1 });
  const rows = [
    '### PrivBayes on 100,000 rows x 1,000 items (Quest T10 I4 N1000), ε = 1, one thread',
    '',
    '| items modelled (maxItems) | method CPU s | rows published / input |',
    '|---|---|---|',
  ];
  for (const maxItems of [100, 200]) {
    const before = process.cpuUsage();
    const { release } = runMethod(input, {
      method: 'privbayes',
      params: { epsilon: 1, maxItems },
      seed: 1,
      seededNoise: true,
      metrics: [],
    });
    const used = process.cpuUsage(before);
    const published = rowCount((release as TransactionsRelease).transactions);
    rows.push(
      `| ${maxItems} | ${((used.user + used.system) / 1e6).toFixed(1)} | ${(published / input.n).toFixed(4)} |`,
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(benchPrivBayes());
