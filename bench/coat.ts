/**
 * COAT in k^m mode (m = 2, all items in one utility constraint, s = 15%) on BMS1 and BMS2 for k in
 * {2, 5, 10, 25, 50}: runtime over parse time, UL (Def. 3.16) and AvgRE with q = 1 and q = 3 items
 * per query (the paper's Fig. 8-10 axes), beside the Apriori baseline (apriori-km, hierarchy
 * fan-out 5).
 */
import { readFileSync } from 'node:fs';
import { runMethod } from '../src/core/run/runMethod.ts';
import { averageRelativeError } from '../src/core/metrics/avgre.ts';
import { parseMedian } from './methods.ts';

const KS = [2, 5, 10, 25, 50];

export function benchCoat(shared: string, files: string[]): string {
  const lines = [
    '## k^m-anonymity: COAT and the Apriori baseline (m = 2)',
    '',
    'COAT: all items in one utility constraint, s = 15%. Apriori: balanced hierarchy of fan-out 5 over the',
    "items alphabetically (its default; Terrovitis et al.'s AA). Seed 1; AvgRE over 1,000 queries of q items.",
    '',
    '| dataset | parse ms | method | k | runtime ms | time / parse | generalized items | suppressed | UL | AvgRE q=1 | AvgRE q=3 |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const file of files) {
    const { dataset, ms: parseMs } = parseMedian(readFileSync(`${shared}/${file}`), file);
    for (const k of KS) {
      for (const method of ['coat', 'apriori-km']) {
        console.error(`  ${file} ${method} k=${k}`);
        try {
          const request = {
            method,
            params: { k, m: 2 },
            seed: 1,
            metrics: ['ul', 'avgre'],
            metricOptions: { q: 1 },
          };
          const { record, release } = runMethod(dataset, request);
          const q3 = averageRelativeError(dataset, release, { seed: 1, q: 3 });
          const cells = [
            file,
            parseMs.toFixed(1),
            method,
            k,
            record.runtime_ms.toFixed(0),
            `**${(record.runtime_ms / parseMs).toFixed(0)}**`,
          ];
          cells.push(
            record.notes['generalized items'],
            record.notes['items suppressed'] ?? 0,
            record.metrics.ul.toExponential(3),
          );
          cells.push(record.metrics.avgre.toFixed(3), q3.toFixed(3));
          lines.push(`| ${cells.join(' | ')} |`);
        } catch (error) {
          lines.push(
            `| ${file} | ${parseMs.toFixed(1)} | ${method} | ${k} | ${(error as Error).message.replace(/\|/g, '/')} |`,
          );
        }
      }
    }
  }
  return lines.join('\n') + '\n';
}
