/**
 * `npx tsx bench/attackCpu.ts attack|evaluate DATA RELEASE AUDIT`: the CPU time (user + system) of
 * one `txanon attack` (every attack that applies, default knowledge: m = 1..4, 2,000 targets) or
 * one `txanon evaluate` (verification and the default metrics) on a release, after the input and
 * the release are read (not timed), in a fresh process so that neither finds the other's caches.
 * Prints `{ cpuMs }`.
 */
import { readFileSync } from 'node:fs';
import { attackRelease } from '../src/core/attack/attackRelease.ts';
import { parseText } from '../src/core/data/parsers/index.ts';
import { metricApplies } from '../src/core/metrics/applies.ts';
import { metricsFor } from '../src/core/metrics/registry.ts';
import { verifyRelease } from '../src/core/release/verify.ts';
import { readRelease } from '../src/core/run/readRelease.ts';

const [mode, data, releasePath, auditPath] = process.argv.slice(2);
const { dataset } = parseText(readFileSync(data, 'utf8'), { fileName: data });
const { release, audit } = readRelease(
  { text: readFileSync(releasePath, 'utf8'), file: releasePath },
  { text: readFileSync(auditPath, 'utf8'), file: auditPath },
);
const before = process.cpuUsage();
if (mode === 'attack')
  attackRelease(dataset, release, audit, { known: [1, 2, 3, 4], choose: 'random', targets: 2000, seed: 1 });
else {
  verifyRelease(dataset, release, audit);
  for (const metric of metricsFor(release.kind, release.model))
    if (metricApplies(metric, release.kind, release.model))
      metric.compute(dataset, release, audit, { seed: 1 });
}
const used = process.cpuUsage(before);
console.log(JSON.stringify({ cpuMs: (used.user + used.system) / 1000 }));
