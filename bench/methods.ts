/**
 * k-anonymity methods on ../shared/data: PTA (two segment counts) and PatternKa on the sparse BMS1
 * and the dense chess, k in {5, 10, 20}. Runtime is reported as a ratio to the parse time of the
 * same file measured in the same process; IL ratio, GCP and AvgRE as the metrics define them.
 */
import { readFileSync } from 'node:fs';
import { parseBytes } from '../src/core/data/parsers/index.ts';
import type { Dataset } from '../src/core/data/dataset.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { medianTimedRecord, TIMING_NOTE } from './timing.ts';

const KS = [5, 10, 20];

export function parseMedian(bytes: Uint8Array, fileName: string): { dataset: Dataset; ms: number } {
  const times: number[] = [];
  let dataset: Dataset | null = null;
  // Ten warm-up parses (V8 keeps optimising the parser over the first ones: BMS1 goes from 50 ms to
  // 5-9 ms), then the median of eleven.
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    dataset = parseBytes(bytes, { fileName }).dataset;
    if (i >= 10) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { dataset: dataset!, ms: times[Math.floor(times.length / 2)] };
}

export function benchMethods(shared: string, files: string[]): string {
  const lines = [
    '## k-anonymity methods (PTA, PatternKa)',
    '',
    `Seed 1, in one process. ${TIMING_NOTE}`,
    '"time / parse" is the method\'s runtime over the median parse',
    'time of the same file in this run. The warm parse of BMS1 has two modes, about 5 and about 9 ms (the',
    'median lands on either, e.g. 5 ms after the p-degree section ran in the same process): a ratio can halve or',
    'double with it, the runtime does not. IL ratio: items added or removed over all input items (PTA',
    'Def. 2); GCP: share of input items not kept (PatternKa eq. 16); AvgRE: 1,000 COUNT queries of 2 items.',
    '',
    '| dataset | parse ms | method | k | segments | runtime ms | time / parse | IL ratio | GCP | AvgRE |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const file of files) {
    const { dataset, ms: parseMs } = parseMedian(readFileSync(`${shared}/${file}`), file);
    const segmentCounts = [
      Math.max(1, Math.round(dataset.n / 400)),
      Math.max(2, Math.round(dataset.n / 100)),
    ];
    const runs: { method: string; params: Record<string, number>; segments: string }[] = [];
    for (const k of KS) {
      for (const segments of segmentCounts)
        runs.push({ method: 'pta', params: { k, segments }, segments: String(segments) });
      runs.push({ method: 'patternka', params: { k }, segments: '' });
    }
    for (const run of runs) {
      console.error(`  ${file} ${run.method} ${JSON.stringify(run.params)}`);
      const record = medianTimedRecord(
        (metrics) => runMethod(dataset, { method: run.method, params: run.params, seed: 1, metrics }).record,
        ['il', 'gcp', 'avgre'],
      );
      const m = record.metrics;
      lines.push(
        `| ${file} | ${parseMs.toFixed(1)} | ${run.method} | ${run.params.k} | ${run.segments} | ${record.runtime_ms.toFixed(0)} | **${(record.runtime_ms / parseMs).toFixed(0)}** | ${m.il_ratio.toFixed(3)} | ${m.gcp.toFixed(3)} | ${m.avgre.toFixed(3)} |`,
      );
    }
  }
  return lines.join('\n') + '\n';
}
