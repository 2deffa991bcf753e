/**
 * Privacy degree p (Ghinita et al.) on BMS1 and BMS2, p in {4, 10, 20}, m = 10 random sensitive
 * items (seed 1): each method's runtime over the file's parse time and over gray-cahd's, its KL
 * (r = 4, 50 queries) and AvgRE, to compare with the paper's Fig. 12-13.
 */
import { readFileSync } from 'node:fs';
import { runMethod } from '../src/core/experiment/runMethod.ts';
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
  for (const file of files) {
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
        if (method === 'gray-cahd') grayMs = record.runtime_ms;
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
  }
  lines.push(
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
