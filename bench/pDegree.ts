/**
 * Privacy degree p (Ghinita et al.) on BMS1 and BMS2, p in {4, 10, 20}, m = 10 random sensitive
 * items: each method's runtime (seed 1) over the file's parse time and over gray-cahd's, its KL
 * (r = 4, 200 queries, with its standard error) and AvgRE, and the KL order over three seeds,
 * compared pair by pair on the same queries (core/experiment/comparison.ts), against the paper's
 * Fig. 12-13.
 */
import { readFileSync } from 'node:fs';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { RunRecord } from '../src/core/run/runRecord.ts';
import { compareAt } from '../src/core/experiment/comparison.ts';
import type { GroupsAudit, GroupsRelease } from '../src/core/release/types.ts';
import { sensitiveCoverage } from './groupCoverage.ts';
import { parseMedian } from './methods.ts';
import { medianTimedRecord, TIMING_NOTE } from './timing.ts';

const PS = [4, 10, 20];
const ORDER_SEEDS = [1, 2, 3];
const METHODS = ['gray-cahd', 'rcm-cahd', 'nn', 'lsh', 'perm-mondrian', 'anatomy'];

export function benchPDegree(shared: string, files: string[]): string {
  const lines = [
    '## Privacy degree p (gray-cahd, rcm-cahd, nn, lsh, perm-mondrian, anatomy)',
    '',
    `m = 10 sensitive items drawn at random (seed 1). ${TIMING_NOTE}`,
    'KL: reconstruction error (Sec. 3.2) with r = 4 QID items, mean ± standard error over 200 queries (seed 1);',
    'AvgRE: 1,000 COUNT queries of 2 items.',
    '',
    '| dataset | parse ms | p | method | runtime ms | time / parse | time / gray-cahd | KL | AvgRE | notes |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const klOrders: string[] = [];
  const coverage: string[] = [];
  const targetRows: string[] = [];
  for (const file of files) {
    // The largest ratio over p of each speed target, to hold against the target.
    const worst = { grayParse: 0, lshGray: 0, nnGray: 0 };
    const { dataset, ms: parseMs } = parseMedian(readFileSync(`${shared}/${file}`), file);
    for (const p of PS) {
      let grayMs = 0;
      const records: RunRecord[] = [];
      for (const method of METHODS) {
        console.error(`  ${file} ${method} p=${p}`);
        const run = (metrics: string[]) =>
          runMethod(dataset, {
            method,
            params: { p },
            seed: 1,
            sensitive: { random: 10 },
            metrics,
          }).record;
        const record = medianTimedRecord(run, ['kl', 'avgre']);
        records.push(record);
        if (p === 10) {
          const outcome = runMethod(dataset, {
            method,
            params: { p },
            seed: 1,
            sensitive: { random: 10 },
            metrics: [],
          });
          const c = sensitiveCoverage(
            dataset,
            outcome.release as GroupsRelease,
            outcome.audit as GroupsAudit,
          );
          coverage.push(`${file} ${method} ${c.uncovered.toFixed(2)} (groups of ${c.groupSize.toFixed(0)})`);
        }
        for (const seed of ORDER_SEEDS.slice(1))
          records.push(
            runMethod(dataset, { method, params: { p }, seed, sensitive: { random: 10 }, metrics: ['kl'] })
              .record,
          );
        if (method === 'gray-cahd') {
          grayMs = record.runtime_ms;
          worst.grayParse = Math.max(worst.grayParse, grayMs / parseMs);
        }
        if (method === 'lsh') worst.lshGray = Math.max(worst.lshGray, record.runtime_ms / grayMs);
        if (method === 'nn') worst.nnGray = Math.max(worst.nnGray, record.runtime_ms / grayMs);
        const notes = Object.entries(record.notes)
          .filter(([k]) => k !== 'groups' && k !== 'sensitive transactions')
          .map(([k, v]) => `${k}: ${v}`)
          .join('; ');
        lines.push(
          `| ${file} | ${parseMs.toFixed(1)} | ${p} | ${method} | ${record.runtime_ms.toFixed(0)} | **${(record.runtime_ms / parseMs).toFixed(1)}** | ${(record.runtime_ms / grayMs).toFixed(1)} | ${record.metrics.kl.toFixed(4)} ± ${record.metrics.kl_se.toFixed(4)} | ${record.metrics.avgre.toFixed(4)} | ${notes} |`,
        );
      }
      const { series } = compareAt(records, 'p', p, 'kl', 'lower', ['p']);
      const order = series.map((x) => `${x.name} ${x.mean.toFixed(4)} (${x.letters})`);
      const gray = series.find((x) => x.name === 'gray-cahd');
      const grayBest = series[0].name === 'gray-cahd' && series[0].letters !== series[1]?.letters;
      const grayTied = !grayBest && gray !== undefined && gray.letters.includes(series[0].letters[0]);
      klOrders.push(
        `| ${file} | ${p} | ${order.join(' < ')} | ${grayBest ? 'yes' : grayTied ? 'tied with the best' : 'no'} | ${series[series.length - 1].name === 'perm-mondrian' ? 'yes' : 'no'} |`,
      );
    }
    for (const [what, ratio, target] of [
      ['gray-cahd / parse', worst.grayParse, 1],
      ['lsh / gray-cahd', worst.lshGray, 3],
      ['nn / gray-cahd', worst.nnGray, 10],
    ] as const)
      targetRows.push(
        `| ${file} | ${what} | ${ratio.toFixed(1)} | ${target} | ${ratio <= target ? 'yes' : 'no'} |`,
      );
  }
  lines.push(
    '',
    'Speed targets (the largest ratio over p in {4, 10, 20}):',
    '',
    '| dataset | ratio | largest | target | met |',
    '|---|---|---|---|---|',
    ...targetRows,
    '',
    'Why gray-cahd / parse and lsh / gray-cahd on BMS1 miss: lsh cannot run much faster than nn, as its',
    "candidates (the rows that share t's key in some table) all share an item with t, and nn already",
    "touches only those rows (through item-to-rows lists, not the paper's linear scan); measuring a",
    "candidate costs more than nn's count along a list. gray-cahd spends its time in steps that each touch",
    'every row once or twice (sensitive/QID split, the radix passes of GraySort, the linked list of CAHD)',
    'and in building the release, whose tens of thousands of published QID rows are arrays of tokens',
    '(DESIGN.md sec. 4).',
    '',
    `KL over seeds ${ORDER_SEEDS.join(', ')} (a new random set of 10 sensitive items each), 200 queries each, from lowest`,
    '(best) to highest, against the paper (Fig. 12-13: Gray best, NN and LSH close, RCM behind, PermMondrian',
    'worst). Every method of a seed answers the same queries, so the methods are compared pair by pair; letters:',
    'methods sharing one cannot be told apart (paired difference within two standard errors).',
    '',
    '| dataset | p | KL order, best first (mean over seeds, letters) | gray-cahd best, as in the paper | perm-mondrian worst, as in the paper |',
    '|---|---|---|---|---|',
    ...klOrders,
    '',
    'Why exact NN (and LSH, which finds the same neighbours) beats gray-cahd, measured rather than guessed:',
    "KL (eq. 4) pays when a sensitive row's QID items are held by none of its group mates; the share of such",
    `items at p = 10, seed 1, with the mean size of such a row's group (bench/groupCoverage.ts):`,
    `${coverage.join(', ')}. Among the methods that make groups of about p rows it orders them as the`,
    "KL does (perm-mondrian's Mondrian cells are larger: a large group spreads the sensitive item over",
    'many cells however well it covers). NN picks the closest rows in all the data, CAHD',
    'among 2αp neighbours along one order. It is not seed noise or too few queries: gray-cahd loses to nn',
    "in every seed, paired on the same queries, and a 40-variant investigation of the paper's readings (NN",
    'variants, ST order, ties, α up to 64, column orders, sensitive and query choices, the 10 x 10 query',
    'protocol) found none that puts Gray first without contradicting its Sec. 4.1 (notes/ghinita-investigation.md, summed up in docs/reproduction.md).',
    'The timing differs from the paper for a related reason: its NN is a linear scan (10x-100x Gray), ours',
    'touches only the rows that share an item with t.',
  );
  return lines.join('\n') + '\n';
}
