/**
 * How often would the paper's own protocol (Sec. 6: 10 random seeds x 10 queries per setting) show
 * Gray best, if the true ordering is the one measured here? Resamples the per-query KL values that
 * ghinitaKl.ts stores with `--perquery 1` (same queries for all methods of a seed).
 *
 *   node --import tsx notes/scripts/paperProtocol.ts .tmp/out/pq-bms1.json [--reps 20000] [--seeds 10] [--queries 10]
 *
 * Each replicate draws `seeds` seeds with replacement from the stored ones and, per seed,
 * `queries` query indices; "shared" uses the same query indices for every p (one query set per
 * seed), "independent" draws them anew per p. Reported: P(gray < nn) per p, P(gray lowest of the
 * methods at every p), and the paired SE of gray - nn under that protocol.
 */
import { readFileSync } from 'node:fs';
import { createRng } from '../../src/core/base/rng.ts';

const file = process.argv[2];
const args = new Map<string, string>();
for (let i = 3; i < process.argv.length; i += 2)
  args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const reps = Number(args.get('reps') ?? 20000);
const nSeeds = Number(args.get('seeds') ?? 10);
const nQueries = Number(args.get('queries') ?? 10);
const rows = JSON.parse(readFileSync(file, 'utf8')) as {
  data: string;
  p: number;
  method: string;
  seeds: number[];
  perQuery: number[][];
}[];
// keep only the seeds feasible at every p (Theorem 1 rules some out at p = 20)
const common = rows.map((r) => r.seeds).reduce((a, b) => a.filter((x) => b.includes(x)));
for (const r of rows) r.perQuery = common.map((s) => r.perQuery[r.seeds.indexOf(s)]);
const ps = [...new Set(rows.map((r) => r.p))];
const methods = [...new Set(rows.map((r) => r.method))];
const pq = new Map(rows.map((r) => [`${r.p}|${r.method}`, r.perQuery]));
const S = rows[0].perQuery.length;
const Q = rows[0].perQuery[0].length;
const rng = createRng(12345);
for (const mode of ['shared', 'independent'] as const) {
  const grayLower = new Map(ps.map((p) => [p, 0]));
  const grayBest = new Map(ps.map((p) => [p, 0]));
  let grayBestAll = 0;
  const diffs = new Map(ps.map((p) => [p, [] as number[]]));
  for (let rep = 0; rep < reps; rep++) {
    const seeds = Array.from({ length: nSeeds }, () => rng.int(S));
    const shared = seeds.map(() => Array.from({ length: nQueries }, () => rng.int(Q)));
    let bestAll = true;
    for (const p of ps) {
      const qs =
        mode === 'shared' ? shared : seeds.map(() => Array.from({ length: nQueries }, () => rng.int(Q)));
      const value = (m: string) => {
        const a = pq.get(`${p}|${m}`)!;
        let s = 0;
        seeds.forEach((seed, i) => qs[i].forEach((q) => (s += a[seed][q])));
        return s / (nSeeds * nQueries);
      };
      const v = new Map(methods.map((m) => [m, value(m)]));
      const g = v.get('gray')!;
      diffs.get(p)!.push(g - v.get('nn')!);
      if (g < v.get('nn')!) grayLower.set(p, grayLower.get(p)! + 1);
      const best = methods.every((m) => m === 'gray' || g < v.get(m)!);
      if (best) grayBest.set(p, grayBest.get(p)! + 1);
      else bestAll = false;
    }
    if (bestAll) grayBestAll++;
  }
  console.log(
    `\n${file} (${rows[0].data}), ${S} stored seeds x ${Q} queries; protocol ${nSeeds} seeds x ${nQueries} queries, ${mode} queries across p, ${reps} replicates`,
  );
  console.log(
    '| p | P(gray < nn) | P(gray lowest of ' +
      methods.join('/') +
      ') | mean gray-nn | SD of gray-nn under the protocol |',
  );
  console.log('|---|---|---|---|---|');
  for (const p of ps) {
    const d = diffs.get(p)!;
    const m = d.reduce((a, b) => a + b, 0) / d.length;
    const sd = Math.sqrt(d.reduce((a, b) => a + (b - m) ** 2, 0) / (d.length - 1));
    console.log(
      `| ${p} | ${(grayLower.get(p)! / reps).toFixed(3)} | ${(grayBest.get(p)! / reps).toFixed(3)} | ${m.toFixed(4)} | ${sd.toFixed(4)} |`,
    );
  }
  console.log(`P(gray lowest at every p) = ${(grayBestAll / reps).toFixed(4)}`);
}
