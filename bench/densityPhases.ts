/**
 * `npx tsx bench/densityPhases.ts FILE METHOD [flags as JSON]`: where a run's CPU goes (issue 31),
 * phase by phase: the parse, each step the pipeline reports (the method, the verifier, each metric,
 * the summary, publishing), and the release JSON written to /dev/null. CPU seconds of the process
 * (process.cpuUsage: every thread, so the collector's helpers too), which moves less than wall time
 * on a shared machine. An investigation script: the bench section `density` measures whole runs.
 */
import { readDataset } from '../src/cli/readDataset.ts';
import { publishRun } from '../src/core/run/publishRun.ts';
import { writeReleaseJson } from '../src/core/release/writeJson.ts';
import { writeFile } from '../src/cli/writePieces.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';

const [file, method, extra] = process.argv.slice(2);
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const spent = new Map<string, number>();
let last = cpu();
let current = 'start';
const mark = (next: string) => {
  const now = cpu();
  spent.set(current, (spent.get(current) ?? 0) + now - last);
  last = now;
  current = next;
};
mark('parse');
const { dataset } = await readDataset(file);
mark('running');
const request: RunRequest = { method, seed: 1, params: {}, ...(extra ? JSON.parse(extra) : {}) };
const run = publishRun(
  dataset,
  request,
  {
    progress: (_fraction, phase, step) => {
      const label = phase === 'running' ? 'running' : `${phase} ${step ?? ''}`.trim();
      if (label !== current) mark(label);
    },
  },
  { exportFormat: null, rules: false },
);
mark('release JSON to /dev/null');
writeFile('/dev/null', (sink) => writeReleaseJson(run.release, sink));
mark('end');
const total = [...spent.values()].reduce((a, b) => a + b, 0);
for (const [label, seconds] of spent) console.log(`${seconds.toFixed(2).padStart(7)} s  ${label}`);
console.log(
  `${total.toFixed(2).padStart(7)} s  total; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
console.log(JSON.stringify({ runtime_ms: run.record.runtime_ms, summary: run.record.summary }));
