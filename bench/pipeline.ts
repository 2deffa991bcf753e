/**
 * The whole wait of a run, per method on BMS1 (issue 16): runtime_ms (the method alone) beside
 * total_ms (method, verification, the default metrics, the summary, and publishing: viewer summary,
 * rows before and after, release JSON, audit, and the data exported in the input's format), as the
 * page and the CLI run them. The work after the method should not exceed the method's own time or
 * 200 ms, whichever is larger. multi-anatomy cannot make BMS1 2-diverse in 2 columns (most rows
 * have no item of the second column), so it runs on chess.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { publishRun } from '../src/core/run/publishRun.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { parseMedian } from './methods.ts';
import { median, medianTimes, TIMING_NOTE } from './timing.ts';

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const BUDGET_FLOOR_MS = 200;

const RUNS: [string, Omit<RunRequest, 'seed'>][] = [
  ...['gray-cahd', 'rcm-cahd', 'nn', 'lsh', 'perm-mondrian', 'anatomy'].map(
    (method): [string, Omit<RunRequest, 'seed'>] => [
      'BMS1.dat',
      { method, params: { p: 10 }, sensitive: { band: 10 } },
    ],
  ),
  ['BMS1.dat', { method: 'pta', params: { k: 5 } }],
  ['BMS1.dat', { method: 'patternka', params: { k: 5 } }],
  ['BMS1.dat', { method: 'coat', params: { k: 5, m: 2 } }],
  ['BMS1.dat', { method: 'apriori-km', params: { k: 5, m: 2 } }],
  ['chess.dat', { method: 'multi-anatomy', params: { l: 2, columns: 2 } }],
];

export function benchPipeline(shared: string): string {
  const lines = [
    '## The whole wait: runtime_ms and total_ms per method',
    '',
    `Seed 1, in one process, every run as the page runs it (publishRun: default metrics, summary, files). ${TIMING_NOTE}`,
    'p-degree methods: p = 10 over 10 sensitive items of moderate support (the band choice). "after" is',
    `total_ms - runtime_ms (verification, metrics, summary, publishing); "budget" is max(runtime_ms, ${BUDGET_FLOOR_MS} ms).`,
    '',
    '"CPU" columns: CPU time of this process (all its threads) for the method and for the rest, medians of',
    'the same runs; under load they tell the work apart from the wait for a core.',
    '',
    '| dataset | method | params | runtime ms | total ms | after ms | budget ms | after within budget | method CPU ms | after CPU ms | after CPU within budget |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const loadBefore = loadavg()[0];
  const datasets = new Map<string, ReturnType<typeof parseMedian>['dataset']>();
  for (const [file, request] of RUNS) {
    if (!datasets.has(file)) datasets.set(file, parseMedian(readFileSync(`${shared}/${file}`), file).dataset);
    const dataset = datasets.get(file)!;
    console.error(`  ${file} ${request.method}`);
    // CPU time of this process for the method and for the rest (the progress hook marks the
    // method's end): waiting for a core under load does not count in it, wall-clock time does.
    const cpu: { method: number; after: number }[] = [];
    const {
      runtime,
      total,
      timed: timedRuns,
    } = medianTimes(() => {
      const started = cpuMs();
      let methodEnd = started;
      const run = publishRun(
        dataset,
        { ...request, seed: 1 },
        {
          progress: (_f, phase) => {
            if (phase === 'verifying' && methodEnd === started) methodEnd = cpuMs();
          },
        },
      );
      cpu.push({ method: methodEnd - started, after: cpuMs() - methodEnd });
      return run.record;
    });
    const after = Math.max(0, total - runtime);
    const budget = Math.max(runtime, BUDGET_FLOOR_MS);
    const timed = cpu.slice(-timedRuns); // the last runs are the timed ones (after the warm-ups)
    const cpuMethod = median(timed.map((c) => c.method));
    const cpuAfter = median(timed.map((c) => c.after));
    const params = Object.entries(request.params)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    lines.push(
      `| ${file} | ${request.method} | ${params} | ${runtime.toFixed(0)} | ${total.toFixed(0)} | ${after.toFixed(0)} | ${budget.toFixed(0)} | ${after <= budget ? 'yes' : '**no**'} | ${cpuMethod.toFixed(0)} | ${cpuAfter.toFixed(0)} | ${cpuAfter <= Math.max(cpuMethod, BUDGET_FLOOR_MS) ? 'yes' : '**no**'} |`,
    );
  }
  lines.push(
    '',
    `Load average of the machine (shared with other processes) at the start and end of this section: ${loadBefore.toFixed(1)} and ${loadavg()[0].toFixed(1)} on ${cpus().length} cores; times scale with it, the 200 ms floor does not.`,
  );
  return lines.join('\n') + '\n';
}
