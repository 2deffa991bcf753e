/**
 * `npx tsx bench/densityJson.ts FILE`: how long writing a gray-cahd release of FILE as JSON takes
 * (CPU ms of this thread, three times), into a sink that drops the bytes and into a file: the
 * stream writer's own cost, apart from the rest of a run (issue 31).
 */
import { readFileSync } from 'node:fs';
import { parseText } from '../src/core/data/parsers/index.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { writeReleaseJson } from '../src/core/release/writeJson.ts';
import { writeFile } from '../src/cli/writePieces.ts';

const file = process.argv[2];
const { dataset } = parseText(readFileSync(file, 'latin1'), { fileName: file });
const { release } = runMethod(dataset, {
  method: 'gray-cahd',
  params: { p: 10 },
  seed: 1,
  sensitive: { band: 10 },
  metrics: [],
});
const cpu = () => process.cpuUsage().user / 1000;
for (let i = 0; i < 3; i++) {
  let bytes = 0;
  let t = cpu();
  writeReleaseJson(release, { write: (chunk) => void (bytes += chunk.length) });
  const dropped = cpu() - t;
  t = cpu();
  writeFile('/work/bigdata/density-io/json-bench.json', (sink) => writeReleaseJson(release, sink));
  console.log({ bytes, droppedMs: Math.round(dropped), fileMs: Math.round(cpu() - t) });
}
