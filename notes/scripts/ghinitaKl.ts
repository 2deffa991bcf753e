/**
 * Paired KL comparison of Ghinita p-degree methods and variants.
 *
 *   node --import tsx notes/scripts/ghinitaKl.ts --data BMS1 --seeds 1-5 --ps 4,10,20 \
 *     --queries 2000 --qmode uniform --smode random --m 10 --r 4 --methods gray,rcm,nn,lsh [--json out.json]
 *
 * For each seed: the sensitive items are chosen (smode), every method forms groups on the same
 * sensitive set, and the same `queries` queries (seeded by the run seed) are evaluated on each
 * release (klFast.ts, equal to src/core/metrics/kl.ts). Reported per (p, method): mean over seeds
 * of the per-seed mean KL, the SE over seeds, the paired difference to the reference method
 * (default nn) with its SE over seeds and the number of seeds where the method is lower, plus
 * diagnostics of the groups.
 */
import { writeFileSync } from 'node:fs';
import { readDataset } from '../../src/cli/readDataset.ts';
import { ItemRows } from '../../src/core/data/itemRows.ts';
import { createRng } from '../../src/core/base/rng.ts';
import { chooseSensitive } from '../../src/core/data/sensitive.ts';
import { SensitiveRows } from '../../src/core/methods/shared/p-degree/sensitiveRows.ts';
import { KlEvaluator, makeQueries, mean, meanSe, type QueryMode } from './klFast.ts';
import { cahdVariant, grayOrder, nnVariant, rcmOrder, runSpec, type Score } from './variants.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const data = args.get('data') ?? 'BMS1';
const seedsArg = args.get('seeds') ?? '1-5';
const seeds = seedsArg.includes('-')
  ? Array.from(
      { length: +seedsArg.split('-')[1] - +seedsArg.split('-')[0] + 1 },
      (_, i) => +seedsArg.split('-')[0] + i,
    )
  : seedsArg.split(',').map(Number);
const ps = (args.get('ps') ?? '4,10,20').split(',').map(Number);
const queries = Number(args.get('queries') ?? 2000);
const qmode = (args.get('qmode') ?? 'uniform') as QueryMode;
const smode = args.get('smode') ?? 'random';
const m = Number(args.get('m') ?? 10);
const r = Number(args.get('r') ?? 4);
const methods = (args.get('methods') ?? 'gray,rcm,nn,lsh').split(',');
const reference = args.get('ref') ?? 'nn';

const { dataset } = await readDataset(`/work/shared/data/${data}.dat`);
const index = ItemRows.of(dataset);

function chooseS(seed: number): number[] {
  if (smode === 'random') return chooseSensitive(dataset, { random: m }, seed);
  if (smode === 'top') return chooseSensitive(dataset, { top: m }, seed);
  if (smode.startsWith('weighted')) {
    // m distinct items, each draw proportional to support (a random item occurrence's item)
    const rng = createRng(seed);
    const set = new Set<number>();
    while (set.size < m) {
      const k = rng.int(dataset.items.length);
      set.add(dataset.items[k]);
    }
    return [...set].sort((a, b) => a - b);
  }
  if (smode.startsWith('minsup')) {
    // uniform among items with support >= the number after 'minsup'
    const min = Number(smode.slice(6));
    const ok: number[] = [];
    for (let i = 0; i < dataset.d; i++) if (index.support(i) >= min) ok.push(i);
    return createRng(seed)
      .sample(ok.length, m)
      .map((i) => ok[i])
      .sort((a, b) => a - b);
  }
  throw new Error(`smode ${smode}`);
}

/** method label -> groups */
function form(label: string, rows: SensitiveRows, p: number, S: number[], seed: number): number[][] {
  const [base, ...mods] = label.split(':');
  const opt = new Map(mods.map((x) => [x.split('=')[0], x.split('=')[1] ?? '1']));
  const alpha = Number(opt.get('a') ?? 1);
  const score = (opt.get('score') ?? 'hamming') as Score;
  switch (base) {
    case 'gray':
      if (mods.length === 0) return runSpec(dataset, 'gray-cahd', {}, p, S, seed);
      {
        const g = grayOrder(rows, (opt.get('order') ?? 'support') as never);
        const so = opt.get('sorder');
        const sensitiveOrder =
          so === 'input'
            ? rows.sensitiveRows
            : so === 'random'
              ? createRng(seed + 2000).shuffle([...rows.sensitiveRows])
              : undefined;
        return cahdVariant(rows, p, alpha, g, score, {
          skipConflicts: opt.get('skip') !== '0',
          sensitiveOrder,
        });
      }
    case 'rcm':
      if (mods.length === 0) return runSpec(dataset, 'rcm-cahd', {}, p, S, seed);
      return cahdVariant(
        rows,
        p,
        alpha,
        rcmCache.get(rows) ?? rcmCache.set(rows, rcmOrder(rows)).get(rows)!,
        score,
        {
          skipConflicts: opt.get('skip') !== '0',
        },
      );
    case 'nn': {
      if (mods.length === 0) return runSpec(dataset, 'nn', {}, p, S, seed);
      const ord = opt.get('order') ?? 'input';
      let sens: ArrayLike<number> = rows.sensitiveRows;
      if (ord === 'random') sens = createRng(seed + 1000).shuffle([...rows.sensitiveRows]);
      if (ord === 'gray') {
        const g = grayOrder(rows, 'support');
        sens = Array.from(g).filter((x) => rows.holdsSensitive[x]);
      }
      return nnVariant(rows, p, score, sens, {
        ties: (opt.get('ties') ?? 'index') as 'index' | 'random',
        after: opt.get('after') === 'chosen' ? 'chosen' : opt.get('after') === '1',
        generic: opt.get('generic') === '1',
        seed,
      });
    }
    case 'lsh':
      return runSpec(dataset, 'lsh', {}, p, S, seed);
    case 'anatomy':
      return runSpec(dataset, 'anatomy', {}, p, S, seed);
    case 'pm':
      return runSpec(dataset, 'perm-mondrian', {}, p, S, seed);
  }
  throw new Error(`method ${label}`);
}
const rcmCache = new WeakMap<SensitiveRows, number[]>();

/** Group diagnostics: mean QID Hamming distance and common items of sensitive rows to mates, etc. */
function diagnostics(rows: SensitiveRows, groups: number[][]) {
  const last = groups.length - 1;
  let dist = 0;
  let common = 0;
  let uncovered = 0;
  let items = 0;
  let count = 0;
  let inLeftover = 0;
  groups.forEach((g, gi) => {
    for (const t of g) {
      if (!rows.holdsSensitive[t]) continue;
      if (gi === last && g.length > 0 && groups.length > 1 && isLeftover(g, rows)) {
        inLeftover++;
        continue;
      }
      const tq = new Set(rows.qid(t));
      const held = new Map<number, number>();
      for (const u of g) {
        if (u === t) continue;
        const uq = rows.qid(u);
        let c = 0;
        for (const i of uq)
          if (tq.has(i)) {
            c++;
            held.set(i, (held.get(i) ?? 0) + 1);
          }
        common += c;
        dist += tq.size + uq.length - 2 * c;
        count++;
      }
      for (const i of tq) if (!held.has(i)) uncovered++;
      items += tq.size;
    }
  });
  return {
    dist: dist / count,
    common: common / count,
    uncoveredShare: uncovered / Math.max(1, items),
    inLeftover,
    leftover: groups[last].length,
  };
}
function isLeftover(g: number[], _rows: SensitiveRows): boolean {
  return g.length > 0; // the last group of greedyGroups is the rows left (when any are left)
}

type Cell = {
  kl: number[];
  diag: ReturnType<typeof diagnostics>[];
  perQuery: Float64Array[];
  seedsUsed: number[];
};
const results = new Map<string, Cell>();
const started = Date.now();
for (const seed of seeds) {
  const S = chooseS(seed);
  const rows = new SensitiveRows(dataset, S);
  const Q = makeQueries(dataset, index, S, queries, r, seed, qmode);
  for (const p of ps) {
    try {
      rows.assertFeasible(p);
    } catch (e) {
      console.error(`seed ${seed} p ${p}: ${(e as Error).message}`);
      continue;
    }
    for (const label of methods) {
      const groups = form(label, rows, p, S, seed);
      const kls = new KlEvaluator(dataset, index, groups, S).all(Q);
      const key = `${p}|${label}`;
      const cell = results.get(key) ?? { kl: [], diag: [], perQuery: [], seedsUsed: [] };
      cell.seedsUsed.push(seed);
      cell.kl.push(mean(kls));
      cell.diag.push(diagnostics(rows, groups));
      cell.perQuery.push(kls);
      results.set(key, cell);
    }
  }
  console.error(
    `seed ${seed} done (${((Date.now() - started) / 1000).toFixed(0)} s), sensitive rows ${rows.sensitiveRows.length}`,
  );
}

const f = (x: number, d = 4) => x.toFixed(d);
console.log(
  `\n${data} seeds ${seeds.join(',')} queries ${queries} qmode ${qmode} smode ${smode} m ${m} r ${r}; KL mean +- SE over seeds; diff = method - ${reference} (paired, SE over seeds), wins = seeds lower than ${reference}`,
);
console.log(
  '| p | method | KL | diff vs ' +
    reference +
    ' | wins | dist | common | uncovered | sens. rows in leftover |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
const json: Record<string, unknown>[] = [];
for (const p of ps) {
  const ref = results.get(`${p}|${reference}`);
  for (const label of methods) {
    const cell = results.get(`${p}|${label}`);
    if (!cell) continue;
    const k = meanSe(cell.kl);
    let diffStr = '';
    let wins = '';
    if (ref && label !== reference) {
      const diffs = cell.kl.map((x, i) => x - ref.kl[i]);
      const d = meanSe(diffs);
      diffStr = `${d.mean >= 0 ? '+' : ''}${f(d.mean)} +- ${f(d.se)}`;
      wins = `${diffs.filter((x) => x < 0).length}/${diffs.length}`;
    }
    const dg = (key: keyof ReturnType<typeof diagnostics>) => mean(cell.diag.map((x) => x[key] as number));
    console.log(
      `| ${p} | ${label} | ${f(k.mean)} +- ${f(k.se)} | ${diffStr} | ${wins} | ${f(dg('dist'), 2)} | ${f(dg('common'), 3)} | ${f(dg('uncoveredShare'), 3)} | ${f(dg('inLeftover'), 1)} |`,
    );
    json.push({
      data,
      p,
      method: label,
      qmode,
      smode,
      m,
      r,
      queries,
      seeds: cell.seedsUsed,
      kl: cell.kl,
      diag: cell.diag,
      ...(args.get('perquery')
        ? { perQuery: cell.perQuery.map((a) => Array.from(a, (x) => +x.toFixed(6))) }
        : {}),
    });
  }
}
if (args.get('json')) writeFileSync(args.get('json')!, JSON.stringify(json, null, 1));
console.error(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
