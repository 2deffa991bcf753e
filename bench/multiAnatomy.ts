/**
 * Multi-dimension anatomy on a dense (chess) and a sparse (T10I4D100K) file for l in {2, 4, 6, 8}:
 * runtime over parse time, AvgRE, and association rules mined from the input and from the release
 * (expected supports) at confidence 10%..90%: rule counts and AR = common / original (the
 * anatomy paper's Fig. 4-6).
 */
import { readFileSync } from 'node:fs';
import { ItemRows } from '../src/core/data/itemRows.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { supportEstimator } from '../src/core/metrics/estimators.ts';
import { mineRules, ruleAccuracy } from '../src/core/metrics/rules.ts';
import { parseMedian } from './methods.ts';

const LS = [2, 4, 6, 8];
const CONFIDENCES = [0.1, 0.3, 0.5, 0.7, 0.9];
const CASES = [
  { file: 'chess.dat', columns: 3, support: 0.8 },
  { file: 'T10I4D100K.dat', columns: 2, support: 0.01 },
];

export function benchMultiAnatomy(shared: string): string {
  const lines = [
    '## l-diversity: multi-dimension anatomy',
    '',
    'One run each (seed 1). Rules: itemsets of 2-4 items at the given minimum support, mined from the input',
    '(exact counts) and from the release (expected supports per bucket); "rules" is original / release',
    'counts, AR = common / original, for each minimum confidence.',
    '',
    `| dataset | columns | support | l | runtime ms | time / parse | buckets | AvgRE | ${CONFIDENCES.map((c) => `rules @${c * 100}%`).join(' | ')} | ${CONFIDENCES.map((c) => `AR @${c * 100}%`).join(' | ')} |`,
    `|---|---|---|---|---|---|---|---|${CONFIDENCES.map(() => '---|').join('')}${CONFIDENCES.map(() => '---|').join('')}`,
  ];
  for (const { file, columns, support } of CASES) {
    const { dataset, ms: parseMs } = parseMedian(readFileSync(`${shared}/${file}`), file);
    const exact = ItemRows.of(dataset);
    const original = mineRules(dataset.d, dataset.n, (s) => exact.countRowsContaining(s), {
      minSupport: support,
      minConfidence: CONFIDENCES[0],
    });
    for (const l of LS) {
      console.error(`  ${file} multi-anatomy l=${l} columns=${columns}`);
      try {
        const { record, release, audit } = runMethod(dataset, {
          method: 'multi-anatomy',
          params: { l, columns },
          seed: 1,
          metrics: ['avgre'],
        });
        const released = mineRules(dataset.d, dataset.n, supportEstimator(dataset, release, audit), {
          minSupport: support,
          minConfidence: CONFIDENCES[0],
        });
        const at = CONFIDENCES.map((c) =>
          ruleAccuracy(
            original.filter((r) => r.confidence >= c),
            released.filter((r) => r.confidence >= c),
          ),
        );
        lines.push(
          `| ${file} | ${columns} | ${support} | ${l} | ${record.runtime_ms.toFixed(0)} | **${(record.runtime_ms / parseMs).toFixed(1)}** | ${record.notes.buckets} | ${record.metrics.avgre.toFixed(3)} | ` +
            at.map((a) => `${a.rules_original} / ${a.rules_release}`).join(' | ') +
            ' | ' +
            at.map((a) => (a.ar === undefined ? '–' : a.ar.toFixed(3))).join(' | ') +
            ' |',
        );
      } catch (error) {
        lines.push(
          `| ${file} | ${columns} | ${support} | ${l} | ${(error as Error).message.replace(/\|/g, '/')} |`,
        );
      }
    }
  }
  return lines.join('\n') + '\n';
}
