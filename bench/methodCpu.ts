/**
 * `npx tsx bench/methodCpu.ts FILE METHOD ROUNDS [--flag value ...]`: the CPU time (user + system,
 * process.cpuUsage) of one method's `run` alone on FILE, ROUNDS times in this process after one
 * warm-up, printed as JSON `{ cpuMs: [...] }`. The run is made as the pipeline makes it
 * (resolveRequest, runContext), without verification or metrics. bench/teachOverhead.ts runs it
 * in two checkouts to compare a method's own cost.
 */
import { readFileSync } from 'node:fs';
import { parseText } from '../src/core/data/parsers/index.ts';
import { resolveRequest, runContext } from '../src/core/run/resolveRequest.ts';

const [file, method, roundsText, ...rest] = process.argv.slice(2);
const flags = new Map<string, string>();
for (let i = 0; i < rest.length; i += 2) flags.set(rest[i].slice(2), rest[i + 1]);
const { dataset } = parseText(readFileSync(file, 'utf8'), { fileName: file });
const sensitiveRandom = flags.get('sensitive-random');
flags.delete('sensitive-random');
const request = {
  method,
  params: Object.fromEntries(flags),
  seed: 1,
  sensitive: sensitiveRandom ? { random: Number(sensitiveRandom) } : undefined,
};
const { spec, params } = resolveRequest(request);
const cpuMs: number[] = [];
for (let round = 0; round <= Number(roundsText); round++) {
  const ctx = runContext(dataset, spec, params, request);
  const before = process.cpuUsage();
  spec.run(dataset, params, ctx);
  const used = process.cpuUsage(before);
  if (round > 0) cpuMs.push((used.user + used.system) / 1000);
}
console.log(JSON.stringify({ cpuMs }));
