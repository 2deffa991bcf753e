/**
 * Readings of Ghinita Table 3 ("percentage of transactions that can be uniquely identified based on
 * a number of known QID items ... a randomly chosen set of QID items, with cardinality varying
 * between 1 and 4"), each measured on BMS1 and BMS2.
 *
 *   node --import tsx notes/scripts/riskVariants.ts [--trials 20000] [--seeds 1-3]
 *
 * Readings (all report the share in percent, mean +- SE over seeds):
 *   own      : src/core/metrics/risk.ts: a transaction with >= j items, j distinct items of it, re-identified
 *              when it is the only transaction holding all j
 *   own-all  : every transaction; one with < j items is attacked with all its items (j' = |t|)
 *   own-allz : every transaction; one with < j items counts as not re-identified
 *   own-repl : j items drawn with replacement from the transaction (so possibly fewer distinct)
 *   own-txrepl: transactions drawn with replacement (same as own in expectation; check)
 *   dedup-eq : identical transactions count as one: re-identified when every holder of the j items is
 *              identical to t
 *   dedup-data: the data set first reduced to its distinct transactions, then own
 *   lt-k     : re-identified when fewer than k transactions (t included) hold the j items (k = 2 is own)
 *   qid-only : m = 10 random sensitive items removed from what the attacker may know (seeded)
 *   bylen    : transactions sampled proportional to their length (a random item occurrence's row)
 *   itemset  : j items drawn uniformly from I (not from a transaction); among draws held by some
 *              transaction, the share held by exactly one (rejection sampling, capped)
 *   itemsetw : as itemset, items drawn proportional to support
 */
import { readDataset } from '../../src/cli/readDataset.ts';
import type { Dataset } from '../../src/core/data/dataset.ts';
import { ItemRows } from '../../src/core/data/itemRows.ts';
import { createRng, type Rng } from '../../src/core/base/rng.ts';
import { chooseSensitive } from '../../src/core/data/sensitive.ts';
import { meanSe } from './klFast.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const trials = Number(args.get('trials') ?? 20000);
const [s0, s1] = (args.get('seeds') ?? '1-3').split('-').map(Number);
const seeds = Array.from({ length: (s1 ?? s0) - s0 + 1 }, (_, i) => s0 + i);
const js = [1, 2, 3, 4];

/** Rows holding all of `itemset` (capped at `limit`), by the shortest list and sorted-list checks. */
function holders(index: ItemRows, itemset: number[], limit = Infinity): number[] {
  const sorted = [...itemset].sort((a, b) => index.support(a) - index.support(b));
  const first = index.rowsOf(sorted[0]);
  const out: number[] = [];
  for (let k = 0; k < first.length && out.length < limit; k++) {
    const r = first[k];
    let ok = true;
    for (let i = 1; i < sorted.length && ok; i++) ok = binHas(index.rowsOf(sorted[i]), r);
    if (ok) out.push(r);
  }
  return out;
}
function binHas(list: Uint32Array, v: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] === v) return true;
    if (list[mid] < v) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
function sameRow(ds: Dataset, a: number, b: number): boolean {
  const x = ds.row(a);
  const y = ds.row(b);
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

function dedupData(ds: Dataset): { rows: Uint32Array[] } {
  const seen = new Set<string>();
  const rows: Uint32Array[] = [];
  for (let r = 0; r < ds.n; r++) {
    const key = ds.row(r).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(ds.row(r));
  }
  return { rows };
}

/** A tiny item-rows index over explicit rows (for the deduplicated data). */
class MiniIndex {
  lists: Uint32Array[];
  constructor(rows: Uint32Array[], d: number) {
    const l: number[][] = Array.from({ length: d }, () => []);
    rows.forEach((row, r) => row.forEach((i) => l[i].push(r)));
    this.lists = l.map((x) => Uint32Array.from(x));
  }
  support(i: number) {
    return this.lists[i].length;
  }
  rowsOf(i: number) {
    return this.lists[i];
  }
}

function pick(rng: Rng, row: ArrayLike<number>, j: number): number[] {
  return rng.sample(row.length, j).map((k) => row[k]);
}

async function main() {
  for (const data of ['BMS1', 'BMS2']) {
    const { dataset: ds } = await readDataset(`/work/shared/data/${data}.dat`);
    const index = ItemRows.of(ds);
    const n = ds.n;
    const dd = dedupData(ds);
    const ddIndex = new MiniIndex(dd.rows, ds.d);
    const cum = new Float64Array(ds.d);
    let acc = 0;
    for (let i = 0; i < ds.d; i++) cum[i] = acc += index.support(i);
    const weightedItem = (rng: Rng) => {
      const x = rng.float() * acc;
      let lo = 0;
      let hi = ds.d - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cum[mid] > x) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    };
    const eligible = (j: number) => {
      const e: number[] = [];
      for (let r = 0; r < n; r++) if (ds.rowLength(r) >= j) e.push(r);
      return e;
    };
    const eligibleByJ = new Map(js.map((j) => [j, eligible(j)]));
    const own =
      (opts: {
        k?: number;
        repl?: boolean;
        txrepl?: boolean;
        dedupEq?: boolean;
        exclude?: (seed: number) => Set<number>;
      }) =>
      (j: number, rng: Rng, seed: number) => {
        const el = eligibleByJ.get(j)!;
        const k = opts.k ?? 2;
        const excluded = opts.exclude?.(seed);
        let hit = 0;
        let count = 0;
        for (let t = 0; t < trials; t++) {
          const r = opts.txrepl ? el[rng.int(el.length)] : el[(t * 7919 + seed * 104729) % el.length];
          let row: ArrayLike<number> = ds.row(r);
          if (excluded) {
            row = Array.from(row).filter((x) => !excluded.has(x));
            if (row.length < j) continue;
          }
          const items = opts.repl
            ? [...new Set(Array.from({ length: j }, () => row[rng.int(row.length)]))]
            : pick(rng, row, j);
          count++;
          if (opts.dedupEq) {
            const h = holders(index, items, 1000000);
            if (h.every((u) => sameRow(ds, u, r))) hit++;
          } else if (holders(index, items, k).length < k) hit++;
        }
        return hit / count;
      };
    const sensitiveOf = (seed: number) => new Set(chooseSensitive(ds, { random: 10 }, seed));
    const readings: Record<string, (j: number, rng: Rng, seed: number) => number> = {
      own: own({ txrepl: true }),
      'own-repl': own({ repl: true, txrepl: true }),
      'dedup-eq': own({ dedupEq: true, txrepl: true }),
      'lt-3': own({ k: 3, txrepl: true }),
      'lt-5': own({ k: 5, txrepl: true }),
      'lt-11': own({ k: 11, txrepl: true }),
      'qid-only': own({ exclude: sensitiveOf, txrepl: true }),
      'own-all': (j, rng) => {
        let hit = 0;
        for (let t = 0; t < trials; t++) {
          const r = rng.int(n);
          const row = ds.row(r);
          const items = pick(rng, row, Math.min(j, row.length));
          if (holders(index, items, 2).length < 2) hit++;
        }
        return hit / trials;
      },
      'own-allz': (j, rng) => {
        let hit = 0;
        for (let t = 0; t < trials; t++) {
          const r = rng.int(n);
          const row = ds.row(r);
          if (row.length < j) continue;
          if (holders(index, pick(rng, row, j), 2).length < 2) hit++;
        }
        return hit / trials;
      },
      'dedup-data': (j, rng) => {
        const el = dd.rows.filter((x) => x.length >= j);
        let hit = 0;
        for (let t = 0; t < trials; t++) {
          const row = el[rng.int(el.length)];
          if (holders(ddIndex as unknown as ItemRows, pick(rng, row, j), 2).length < 2) hit++;
        }
        return hit / trials;
      },
      bylen: (j, rng) => {
        let hit = 0;
        let count = 0;
        for (let t = 0; t < trials; t++) {
          // the row of a random item occurrence
          const k = rng.int(ds.items.length);
          let lo = 0;
          let hi = n - 1;
          while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (ds.offsets[mid] <= k) lo = mid;
            else hi = mid - 1;
          }
          const row = ds.row(lo);
          if (row.length < j) continue;
          count++;
          if (holders(index, pick(rng, row, j), 2).length < 2) hit++;
        }
        return hit / count;
      },
      itemset: (j, rng) => itemsetReading(j, rng, () => rng.int(ds.d)),
      itemsetw: (j, rng) => itemsetReading(j, rng, () => weightedItem(rng)),
    };
    function itemsetReading(j: number, rng: Rng, draw: () => number): number {
      let held = 0;
      let one = 0;
      for (let t = 0; t < 2e6 && held < trials / 4; t++) {
        const set = new Set<number>();
        while (set.size < j) set.add(draw());
        const h = holders(index, [...set], 2).length;
        if (h >= 1) held++;
        if (h === 1) one++;
      }
      return held ? one / held : NaN;
    }
    console.log(
      `\n${data}: share re-identified (%), mean +- SE over seeds ${seeds.join(',')}, ${trials} trials per seed and j`,
    );
    console.log('| reading | j=1 | j=2 | j=3 | j=4 |');
    console.log('|---|---|---|---|---|');
    for (const [name, fn] of Object.entries(readings)) {
      const cells = js.map((j) => {
        const v = seeds.map((seed) => 100 * fn(j, createRng(seed * 31 + j), seed));
        const { mean, se } = meanSe(v);
        return `${mean.toFixed(2)} +- ${se.toFixed(2)}`;
      });
      console.log(`| ${name} | ${cells.join(' | ')} |`);
    }
  }
}
await main();
