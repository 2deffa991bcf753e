/**
 * Privacy degree p (Ghinita et al.) on BMS1 and BMS2, p in {4, 10, 20}, m = 10 random sensitive
 * items (seed 1): each method's runtime over the file's parse time and over gray-cahd's, its KL
 * (r = 4, 50 queries) and AvgRE, to compare with the paper's Fig. 12-13.
 */
import { readFileSync } from 'node:fs';
import { runMethod } from '../src/core/run/runMethod.ts';
import { parseMedian } from './methods.ts';
import { medianTimedRecord, TIMING_NOTE } from './timing.ts';

const PS = [4, 10, 20];
const METHODS = ['gray-cahd', 'rcm-cahd', 'nn', 'lsh', 'perm-mondrian', 'anatomy'];

export function benchPDegree(shared: string, files: string[]): string {
  const lines = [
    '## Privacy degree p (gray-cahd, rcm-cahd, nn, lsh, perm-mondrian, anatomy)',
    '',
    `m = 10 sensitive items drawn at random (seed 1). ${TIMING_NOTE}`,
    'KL: reconstruction error (Sec. 3.2) with r = 4 QID items, averaged over 50 queries; AvgRE: 1,000 COUNT',
    'queries of 2 items.',
    '',
    '| dataset | parse ms | p | method | runtime ms | time / parse | time / gray-cahd | KL | AvgRE | notes |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const klOrders: string[] = [];
  const targetRows: string[] = [];
  for (const file of files) {
    // The largest ratio over p of each speed target, to hold against the target.
    const worst = { grayParse: 0, lshGray: 0, nnGray: 0 };
    const { dataset, ms: parseMs } = parseMedian(readFileSync(`${shared}/${file}`), file);
    for (const p of PS) {
      let grayMs = 0;
      const kl: [string, number][] = [];
      for (const method of METHODS) {
        console.error(`  ${file} ${method} p=${p}`);
        const run = (metrics: string[]) =>
          runMethod(dataset, {
            method,
            params: { p },
            seed: 1,
            sensitive: { random: 10 },
            metrics,
            metricOptions: { queries: 50 },
          }).record;
        const record = medianTimedRecord(run, ['kl', 'avgre']);
        if (method === 'gray-cahd') {
          grayMs = record.runtime_ms;
          worst.grayParse = Math.max(worst.grayParse, grayMs / parseMs);
        }
        if (method === 'lsh') worst.lshGray = Math.max(worst.lshGray, record.runtime_ms / grayMs);
        if (method === 'nn') worst.nnGray = Math.max(worst.nnGray, record.runtime_ms / grayMs);
        kl.push([method, record.metrics.kl]);
        const notes = Object.entries(record.notes)
          .filter(([k]) => k !== 'groups' && k !== 'sensitive transactions')
          .map(([k, v]) => `${k}: ${v}`)
          .join('; ');
        lines.push(
          `| ${file} | ${parseMs.toFixed(1)} | ${p} | ${method} | ${record.runtime_ms.toFixed(0)} | **${(record.runtime_ms / parseMs).toFixed(1)}** | ${(record.runtime_ms / grayMs).toFixed(1)} | ${record.metrics.kl.toFixed(4)} | ${record.metrics.avgre.toFixed(4)} | ${notes} |`,
        );
      }
      const order = kl.sort((a, b) => a[1] - b[1]).map(([m]) => m);
      klOrders.push(
        `| ${file} | ${p} | ${order.join(' < ')} | ${order[0] === 'gray-cahd' ? 'yes' : 'no'} | ${order[order.length - 1] === 'perm-mondrian' ? 'yes' : 'no'} |`,
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
    'KL from lowest (best) to highest, against the paper (Fig. 12-13: Gray best, NN and LSH close, RCM behind,',
    'PermMondrian worst):',
    '',
    '| dataset | p | KL order, best first | gray-cahd best, as in the paper | perm-mondrian worst, as in the paper |',
    '|---|---|---|---|---|',
    ...klOrders,
    '',
    'Where NN and LSH beat gray-cahd here, the reason is the candidate pool: NN looks at every remaining',
    'transaction, while CAHD with alpha = 1 picks among the 2p non-conflicting neighbours along the Gray',
    "order. The paper's NN is the same algorithm, so its Gray-first result is data- and seed-dependent; here",
    'one random set of 10 sensitive items and 50 queries are measured, and KL values a few percent apart',
    '(NN vs LSH, Gray vs RCM) are within that noise. Timing differs from the paper for the same reason: its',
    'NN is a linear scan (10x-100x Gray), ours touches only the rows that share an item with t.',
  );
  return lines.join('\n') + '\n';
}
