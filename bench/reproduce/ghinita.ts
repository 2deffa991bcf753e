/**
 * Ghinita, Kalnis, Tao, "Anonymous Publication of Sensitive Transactional Data" (TKDE 2011),
 * Sec. 6: Table 1 (datasets), Table 3 (re-identification), Figs. 12-13 (KL and runtime vs p on
 * BMS1 and BMS2, r = 4, m = 10), Figs. 14-15 (vs m at p = 10), Fig. 16 (vs r at p = 10), Fig. 17
 * (clustering: not run). Every method of a seed runs on the same m random sensitive items and is
 * scored on the same KL queries, so methods are compared pair by pair (comparison letters).
 */
import type { Dataset } from '../../src/core/data/dataset.ts';
import { datasetStats, itemSupports } from '../../src/core/data/stats.ts';
import { reidentificationRisk } from '../../src/core/metrics/risk.ts';
import { klQueries, queryKls } from '../../src/core/metrics/kl.ts';
import { estimateOf } from '../../src/core/metrics/sampling.ts';
import { sensitiveCoverage } from '../groupCoverage.ts';
import type { GroupsAudit, GroupsRelease } from '../../src/core/release/types.ts';
import type { RunRecord } from '../../src/core/run/runRecord.ts';
import {
  better,
  increasing,
  meanSe,
  num,
  percent,
  ranking,
  rankingText,
  table,
  together,
  tryRun,
  verdictOf,
  type Finding,
  type Lab,
  type PaperReport,
} from './lab.ts';

const METHODS = ['gray-cahd', 'rcm-cahd', 'nn', 'lsh', 'perm-mondrian', 'anatomy'];
const PS = [4, 10, 20];
/** m values of Figs. 14-15 run beside m = 10, which the p sweep's p = 10 runs give. */
const MS = [5, 20];
/** PermMondrian is left out of the m sweeps: the slowest method, its place is set by the p sweep. */
const M_METHODS = METHODS.filter((m) => m !== 'perm-mondrian');
const RS = [2, 4, 6, 8];
const COLLEAGUE = 'the Ghinita investigation (notes/ghinita-investigation.md)';

export interface GhinitaOptions {
  seeds: number[];
  queries: number;
}

interface Cell {
  record: RunRecord;
  release: GroupsRelease;
  audit: GroupsAudit;
}

/** Runs every method at each value of `axis` (p or m) and seed; infeasible seeds are counted. */
function sweep(
  lab: Lab,
  dataset: Dataset,
  axis: 'p' | 'm',
  values: readonly number[],
  options: GhinitaOptions,
): { cells: Cell[]; infeasible: string[] } {
  const cells: Cell[] = [];
  const infeasible: string[] = [];
  for (const value of values) {
    lab.log(`ghinita ${dataset.name} ${axis} = ${value}`);
    for (const seed of options.seeds) {
      for (const method of axis === 'p' ? METHODS : M_METHODS) {
        const p = axis === 'p' ? value : 10;
        const m = axis === 'm' ? value : 10;
        const outcome = tryRun(dataset, {
          method,
          params: { p },
          seed,
          sensitive: { random: m },
          metrics: ['kl'],
          metricOptions: { queries: options.queries, r: 4 },
        });
        if (typeof outcome === 'string') {
          if (method === METHODS[0]) infeasible.push(`${axis} = ${value}, seed ${seed}`);
          continue;
        }
        // The m axis is no method parameter: record it as one so that the series group by it.
        const record =
          axis === 'm' ? { ...outcome.record, params: { ...outcome.record.params, m } } : outcome.record;
        cells.push({
          record,
          release: outcome.release as GroupsRelease,
          audit: outcome.audit as GroupsAudit,
        });
      }
    }
  }
  return { cells, infeasible };
}

function byMethod(cells: readonly Cell[], axis: string, value: number): Map<string, Cell[]> {
  const out = new Map<string, Cell[]>();
  for (const cell of cells) {
    if (cell.record.params[axis] !== value) continue;
    const list = out.get(cell.record.method) ?? [];
    list.push(cell);
    out.set(cell.record.method, list);
  }
  return out;
}

/** The KL table of a sweep: one row per axis value, each method's mean ± SE and its letters. */
function klTable(records: RunRecord[], axis: string, values: readonly number[]): string {
  const rows = values.map((value) => {
    const c = ranking(records, axis, value, 'kl');
    return [
      `${axis} = ${value}`,
      ...METHODS.map((m) => {
        const s = c.series.find((x) => x.name === m);
        return s ? `${num(s.mean)} ± ${num(s.se ?? 0, 2)} (${s.letters})` : '—';
      }),
      c.series.map((s) => s.name).join(' < '),
    ];
  });
  return table([axis, ...METHODS, 'order, best first'], rows);
}

function runtimeTable(records: RunRecord[], values: readonly number[]): string {
  const rows = values.map((p) => [
    `p = ${p}`,
    ...METHODS.map((m) => {
      const times = records.filter((r) => r.method === m && r.params.p === p).map((r) => r.runtime_ms);
      return times.length ? num(estimateOf(times).mean, 3) : '—';
    }),
  ]);
  return table(['p', ...METHODS.map((m) => `${m} ms`)], rows);
}

/** The ordering claims of Figs. 12-15 at each value of the axis. */
function orderingFindings(
  records: RunRecord[],
  axis: string,
  values: readonly number[],
  figure: string,
  reason: string,
): Finding[] {
  const comparisons = values.map((v) => ranking(records, axis, v, 'kl'));
  const grayFirst = comparisons.map(
    (c) =>
      c.series[0]?.name === 'gray-cahd' && c.series.slice(1).every((s) => better(c, 'gray-cahd', s.name)),
  );
  const grayInBest = comparisons.map(
    (c) =>
      c.series[0]?.letters !== '' &&
      c.series.find((s) => s.name === 'gray-cahd')?.letters.includes(c.series[0].letters[0]) === true,
  );
  const belowRcm = comparisons.map(
    (c) => better(c, 'nn', 'rcm-cahd') === true && better(c, 'lsh', 'rcm-cahd') === true,
  );
  const nnLsh = comparisons.map((c, i) => together(c, 'nn', 'lsh') && belowRcm[i]);
  const pmWorst = comparisons.map((c) => c.series[c.series.length - 1]?.name === 'perm-mondrian');
  const orders = comparisons.map((c, i) => `${axis} = ${values[i]}: ${rankingText(c)}`).join('<br>');
  const grayVerdict = verdictOf(grayFirst, grayInBest);
  return [
    {
      item: figure,
      claim: 'Gray outperforms all other methods in KL',
      ours: orders,
      verdict: grayVerdict,
      ...(grayVerdict === 'not reproduced' ? { reason } : {}),
    },
    {
      item: figure,
      claim: 'NN and LSH obtain similar KL, lower than RCM',
      ours: comparisons
        .map(
          (c, i) =>
            `${axis} = ${values[i]}: nn ≈ lsh ${together(c, 'nn', 'lsh') ? 'yes' : 'no'}, both below rcm ${better(c, 'nn', 'rcm-cahd') && better(c, 'lsh', 'rcm-cahd') ? 'yes' : 'no'}`,
        )
        .join('<br>'),
      verdict: verdictOf(nnLsh, belowRcm),
      ...(verdictOf(nnLsh, belowRcm) === 'not reproduced'
        ? {
            reason: `measured: NN or LSH is not told apart from RCM at ${values
              .filter((_, i) => !belowRcm[i])
              .map((v) => `${axis} = ${v}`)
              .join(', ')} (paired over the same queries); see the table`,
          }
        : {}),
    },
    {
      item: figure,
      claim: 'PM (PermMondrian) is the worst of all methods',
      ours: comparisons
        .map((c, i) => `${axis} = ${values[i]}: worst ${c.series[c.series.length - 1]?.name}`)
        .join('<br>'),
      verdict: verdictOf(pmWorst),
      ...(verdictOf(pmWorst) === 'not reproduced'
        ? { reason: 'another method ends last at some value; see the table' }
        : {}),
    },
  ];
}

/** Tables 1 and 3 on BMS1 and BMS2. */
function tables(lab: Lab, options: GhinitaOptions): PaperReport {
  const body: string[] = [];
  const findings: Finding[] = [];
  const bms = [lab.dataset('BMS1.dat'), lab.dataset('BMS2.dat')];

  // Table 1.
  const paperTable1: Record<string, number[]> = {
    'BMS1.dat': [59602, 497, 267, 2.5],
    'BMS2.dat': [77512, 3340, 161, 5.0],
  };
  const statRows = bms.map((d) => {
    const s = datasetStats(d);
    return [
      d.name,
      ...paperTable1[d.name].map(num),
      num(s.transactions),
      num(s.items),
      num(s.maxLength),
      s.avgLength.toFixed(2),
    ];
  });
  body.push(
    '### Table 1: datasets',
    '',
    table(
      ['dataset', 'paper n', 'paper items', 'paper max', 'paper avg', 'n', 'items', 'max', 'avg'],
      statRows,
    ),
    '',
  );
  findings.push({
    item: 'Table 1',
    claim: 'BMS1: 59,602 rows, 497 items, max 267, avg 2.5; BMS2: 77,512, 3,340, 161, 5.0',
    ours: statRows.map((r) => `${r[0]}: ${r.slice(5).join(', ')}`).join('<br>'),
    verdict: 'shape reproduced',
    reason:
      'BMS2 averages 4.62 items here (358,278 occurrences), not 5.0: the same rows and items, another preparation of the file',
  });

  // Table 3.
  const paperRisk: Record<string, number[]> = {
    'BMS1.dat': [0.3, 9.5, 24.3, 50.0],
    'BMS2.dat': [0.8, 18.8, 41.6, 91.1],
  };
  const riskRows = bms.map((d) => {
    const perSeed = options.seeds.map((seed) => reidentificationRisk(d, { seed }));
    const supports = itemSupports(d);
    let singular = 0;
    for (let r = 0; r < d.n; r++) if (Array.from(d.row(r)).some((i) => supports[i] === 1)) singular++;
    return {
      name: d.name,
      cells: [0, 1, 2, 3].map(
        (j) =>
          `${meanSe(
            perSeed.map((p) => 100 * p[j].share),
            2,
          )} (paper ${paperRisk[d.name][j]})`,
      ),
      bound: singular / d.n,
    };
  });
  body.push(
    '### Table 3: re-identified transactions (%), j known items of their own',
    '',
    `2,000 transactions sampled per j and seed (${options.seeds.length} seeds: mean ± SE). "j = 1 bound": the share of rows holding an item of support 1, the only rows one own item can single out.`,
    '',
    table(
      ['dataset', 'j = 1', 'j = 2', 'j = 3', 'j = 4', 'j = 1 bound'],
      riskRows.map((r) => [r.name, ...r.cells, percent(r.bound, 3)]),
    ),
    '',
  );
  findings.push({
    item: 'Table 3',
    claim: 'BMS1 0.3 / 9.5 / 24.3 / 50.0%, BMS2 0.8 / 18.8 / 41.6 / 91.1% re-identified with 1-4 known items',
    ours: riskRows.map((r) => `${r.name}: ${r.cells.map((c) => c.split(' (')[0]).join(' / ')}`).join('<br>'),
    verdict: 'not reproduced',
    reason: `measured bound: one own item singles out a row only if it holds an item of support 1, which ${riskRows.map((r) => `${percent(r.bound, 3)} of ${r.name}'s rows do`).join(' and ')}, below the paper's 0.3% and 0.8%; ${COLLEAGUE} tried 13 readings (with replacement, distinct rows, fewer than 3/5/11 holders, items from I, ...) and none fits both datasets`,
  });

  body.push(
    '### What the investigation of Gray vs NN and Table 3 measured (notes/ghinita-investigation.md)',
    '',
    'Not rerun here (its scripts are in notes/scripts, raw outputs in notes/results); its numbers, m = 10 random sensitive items, r = 4, 2,000 queries per seed, paired on the same queries:',
    '',
    table(
      ['data', 'p', 'gray', 'rcm', 'nn', 'lsh', 'gray - nn (paired)', 'seeds where gray < nn'],
      [
        [
          'BMS1',
          4,
          '0.0480 ± 0.0034',
          '0.0474 ± 0.0033',
          '0.0392 ± 0.0032',
          '0.0393 ± 0.0032',
          '+0.0088 ± 0.0005',
          '0 of 20',
        ],
        [
          'BMS1',
          10,
          '0.0959 ± 0.0067',
          '0.0914 ± 0.0064',
          '0.0785 ± 0.0062',
          '0.0784 ± 0.0062',
          '+0.0174 ± 0.0009',
          '0 of 20',
        ],
        [
          'BMS1',
          20,
          '0.1311 ± 0.0099',
          '0.1281 ± 0.0095',
          '0.1106 ± 0.0089',
          '0.1111 ± 0.0091',
          '+0.0205 ± 0.0015',
          '0 of 17',
        ],
        [
          'BMS2',
          4,
          '0.0085 ± 0.0003',
          '0.0092 ± 0.0004',
          '0.0068 ± 0.0003',
          '0.0068 ± 0.0003',
          '+0.0017 ± 0.0001',
          '0 of 20',
        ],
        [
          'BMS2',
          10,
          '0.0169 ± 0.0006',
          '0.0167 ± 0.0007',
          '0.0138 ± 0.0005',
          '0.0135 ± 0.0005',
          '+0.0030 ± 0.0002',
          '0 of 20',
        ],
        [
          'BMS2',
          20,
          '0.0233 ± 0.0009',
          '0.0223 ± 0.0009',
          '0.0191 ± 0.0007',
          '0.0183 ± 0.0007',
          '+0.0043 ± 0.0002',
          '0 of 20',
        ],
      ],
    ),
    '',
    '- Over 40 readings of the paper were tried (NN processing order, ties, the distance\'s item set, α = 2..64, the Gray column order, "most items in common" for CAHD, sensitive items weighted by support or the most frequent, query items weighted or co-occurring, r = 2 and 8, m = 5 and 20). Gray+CAHD loses to exact NN in every seed of every one.',
    "- The one reading that puts Gray ahead of NN picks NN's p - 1 neighbours before checking conflicts and lets the group fail (500-1,700 sensitive rows then fall into the leftover group; BMS1 p = 10: NN 0.297 vs Gray 0.114). Sec. 4.1 rules it out in words, and it puts RCM ahead of NN, against Fig. 12.",
    "- The paper's own protocol (10 seeds x 10 queries) would show Gray below NN with probability 0.000-0.006 on BMS1 and 0.025-0.053 on BMS2 (resampled 20,000 times from the measured per-query values): not chance.",
    "- The mechanism: KL rewards group mates that hold the sensitive row's QID items. At p = 10 on BMS1 the share of a sensitive row's QID items that no mate holds is 0.347 for NN, 0.639 for Gray, 0.582 for RCM, 0.903 for random groups (anatomy); α = 16 moves Gray only to 0.58.",
    '- Table 3: under every reading where the attacker knows j of the row\'s own items, one item singles out only rows holding an item of support 1 (0.017% of BMS1, 0.059% of BMS2), below the paper\'s 0.3% and 0.8%; 13 readings were tried (with replacement, distinct rows, rows weighted by length, fewer than 3/5/11 holders, items drawn from I, ...) and none fits both datasets ("fewer than 11 holders" matches j = 1 only; "items from I" matches BMS1 j = 4 only).',
    '',
  );
  return { title: TITLE, body, findings };
}

/** Figs. 12-13 (vs p), 16 (vs r), 14-15 (vs m) on one dataset (index 0: BMS1, 1: BMS2). */
function figures(lab: Lab, options: GhinitaOptions, index: number): PaperReport {
  const body: string[] = [];
  const findings: Finding[] = [];
  const dataset = lab.dataset(index === 0 ? 'BMS1.dat' : 'BMS2.dat');
  {
    const fig = index === 0 ? '12' : '13';
    const { cells, infeasible } = sweep(lab, dataset, 'p', PS, options);
    const records = cells.map((c) => c.record);
    const atTen = byMethod(cells, 'p', 10);
    const coverage = METHODS.map((m) => {
      const list = (atTen.get(m) ?? []).map((c) => sensitiveCoverage(dataset, c.release, c.audit));
      return list.length
        ? `${m} ${num(estimateOf(list.map((x) => x.uncovered)).mean)} (groups of ${num(estimateOf(list.map((x) => x.groupSize)).mean, 2)})`
        : `${m} —`;
    });
    const reason =
      `measured: KL (eq. 4) pays when a sensitive row's QID items are held by no group mate; that share at p = 10, with the mean size of such a row's group: ${coverage.join(', ')}. Among the methods whose groups hold about p rows it ranks them as KL does (PermMondrian's cells are larger and spread the sensitive item over more cells). ` +
      `Exact NN picks the closest rows in all of T, CAHD only among 2αp neighbours along one order, so NN covers more. ${COLLEAGUE} tried 40+ readings (NN variants, ST orders, ties, α up to 64, column orders, sensitive and query choices, the paper's 10 × 10 query protocol) and found none that puts Gray ahead without contradicting Sec. 4.1 or NN < RCM`;
    body.push(
      `### Fig. ${fig}a: KL vs p on ${dataset.name} (r = 4, m = 10 random sensitive items)`,
      '',
      `Mean ± SE over ${options.seeds.length} seeds and ${options.queries} queries each; letters: methods sharing one cannot be told apart (paired difference within 2 SE).${infeasible.length ? ` Infeasible by Theorem 1 (a sensitive item held by more than n/p rows), left out: ${infeasible.join('; ')}.` : ''}`,
      '',
      klTable(records, 'p', PS),
      '',
      `Share of a sensitive row's QID items that no group mate holds (mean group size of such rows), p = 10: ${coverage.join(', ')}.`,
      '',
      `### Fig. ${fig}b: runtime (ms) vs p on ${dataset.name}`,
      '',
      runtimeTable(records, PS),
      '',
    );
    findings.push(...orderingFindings(records, 'p', PS, `Fig. ${fig}a`, reason));
    const growing = METHODS.map((m) =>
      increasing(PS.map((p) => ranking(records, 'p', p, 'kl').series.find((s) => s.name === m)?.mean ?? NaN)),
    );
    findings.push({
      item: `Fig. ${fig}a`,
      claim: 'a higher privacy degree p increases KL for all methods',
      ours: METHODS.map((m, i) => `${m} ${growing[i] ? 'increases' : 'does not increase'}`).join(', '),
      verdict: verdictOf(growing),
      ...(verdictOf(growing) === 'not reproduced'
        ? { reason: 'see the KL table: a method whose KL does not grow with p' }
        : {}),
    });
    const time = (m: string) =>
      estimateOf(records.filter((r) => r.method === m).map((r) => r.runtime_ms)).mean;
    const grayFastest = METHODS.every(
      (m) => m === 'gray-cahd' || m === 'anatomy' || time('gray-cahd') <= time(m),
    );
    findings.push({
      item: `Fig. ${fig}b`,
      claim:
        'Gray is the fastest; LSH and NN slower than Gray by about one and two orders of magnitude; LSH up to 6x faster than NN; PM very slow',
      ours: `mean over p and seeds: ${METHODS.map((m) => `${m} ${num(time(m))} ms`).join(', ')}; nn / gray ${num(time('nn') / time('gray-cahd'), 2)}, lsh / gray ${num(time('lsh') / time('gray-cahd'), 2)}, nn / lsh ${num(time('nn') / time('lsh'), 2)}`,
      verdict: grayFastest ? 'shape reproduced' : 'not reproduced',
      reason: `Gray ${grayFastest ? "is the fastest of the paper's methods (anatomy, random groups, is not one of them), but" : 'is not the fastest, and'} NN here is not the paper's linear scan: it reads only the rows that share an item with t (item-to-row lists), so it is ${num(time('nn') / time('gray-cahd'), 2)}x Gray rather than ~100x, and LSH cannot beat it (its candidates all share an item with t too; bench/results.md)`,
    });

    // Fig. 16: KL vs r at p = 10, m = 10, on the same releases.
    const atP10 = byMethod(cells, 'p', 10);
    const rRows = RS.map((r) => {
      const cellsAt = METHODS.map((m) => {
        const list = atP10.get(m) ?? [];
        const values = list.map(
          (c) =>
            estimateOf(
              queryKls(
                dataset,
                c.release,
                c.audit,
                klQueries(dataset, c.release.sensitive, { seed: c.record.seed, queries: options.queries, r }),
              ),
            ).mean,
        );
        return values;
      });
      return { r, cellsAt };
    });
    body.push(
      `### Fig. 16${index === 0 ? 'a' : 'b'}: KL vs r on ${dataset.name} (p = 10, m = 10; the same releases, new queries per r)`,
      '',
      table(
        ['r', ...METHODS],
        rRows.map(({ r, cellsAt }) => [`r = ${r}`, ...cellsAt.map((v) => (v.length ? meanSe(v) : '—'))]),
      ),
      '',
    );
    const meanAt = (row: (typeof rRows)[number], m: string) =>
      estimateOf(row.cellsAt[METHODS.indexOf(m)]).mean;
    const grayBestR = rRows.map((row) => METHODS.every((m) => meanAt(row, 'gray-cahd') <= meanAt(row, m)));
    const gaps = rRows.map(
      (row) => meanAt(row, 'gray-cahd') - Math.min(...METHODS.map((m) => meanAt(row, m))),
    );
    findings.push({
      item: `Fig. 16${index === 0 ? 'a' : 'b'}`,
      claim: 'Gray keeps its advantage as r varies; the gap decreases considerably as r increases',
      ours: `gray minus the best: ${rRows.map((row, i) => `r = ${row.r}: ${num(gaps[i])}`).join(', ')}`,
      verdict: verdictOf(grayBestR),
      ...(verdictOf(grayBestR) === 'not reproduced'
        ? {
            reason: `Gray is behind NN at every r (the reason of Fig. ${fig}a), and the absolute gap grows with r rather than shrinking`,
          }
        : {}),
    });

    // Figs. 14-15: vs m at p = 10 (m = 10 from the p sweep).
    const mFig = index === 0 ? '14' : '15';
    const bySweep = sweep(lab, dataset, 'm', MS, options);
    const tens = cells
      .filter((c) => c.record.params.p === 10 && c.record.method !== 'perm-mondrian')
      .map((c) => ({ ...c.record, params: { ...c.record.params, m: 10 } }));
    const mRecords = [...bySweep.cells.map((c) => c.record), ...tens];
    const mValues = [...MS, 10].sort((a, b) => a - b);
    body.push(
      `### Fig. ${mFig}a: KL vs m on ${dataset.name} (p = 10, r = 4)`,
      '',
      `PermMondrian is left out of the m sweep (the slowest method; the p sweep places it).${bySweep.infeasible.length ? ` Infeasible (Theorem 1), left out: ${bySweep.infeasible.join('; ')}.` : ''}`,
      '',
      klTable(mRecords, 'm', mValues),
      '',
    );
    findings.push(
      ...orderingFindings(
        mRecords,
        'm',
        mValues,
        `Fig. ${mFig}a`,
        `as in Fig. ${fig}a: NN covers a sensitive row's QID items with its mates better than CAHD's window does`,
      ).slice(0, 1),
    );
  }
  if (index === 1)
    findings.push({
      item: 'Fig. 17',
      claim:
        'clustering accuracy (k-means, k = 20, cosine similarity to the centre) vs p: Gray at worst 95% of the original',
      ours: '—',
      verdict: 'not run',
      reason:
        'the workbench has no clustering metric (DESIGN.md sec. 5 lists none); k-means on published QID rows would be a new metric',
    });
  return { title: TITLE, body, findings };
}

const TITLE = 'Ghinita, Kalnis, Tao: p-degree anonymization (000)';

/** The paper's experiments as jobs that can run in separate processes (merged in this order). */
export function ghinitaJobs(options: GhinitaOptions): Record<string, (lab: Lab) => PaperReport> {
  return {
    'ghinita-tables': (lab) => tables(lab, options),
    'ghinita-bms1': (lab) => figures(lab, options, 0),
    'ghinita-bms2': (lab) => figures(lab, options, 1),
  };
}
