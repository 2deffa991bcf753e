/**
 * One Parquet (or Arrow) parse benchmark in a fresh process, as parseOne.ts does for text: reads
 * FILE `runs` times after a warm-up through the CLI's random-access reader (cli/fileBuffer.ts) and
 * prints JSON with the median wall time, the process's CPU seconds and its peak resident memory.
 */
import { basename } from 'node:path';
import { readColumnar, columnarFormatOf } from '../src/core/data/columnar/readColumnar.ts';
import { fileBuffer } from '../src/cli/fileBuffer.ts';

const [file, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
const times: number[] = [];
let transactions = 0;
let bytes = 0;
for (let i = 0; i <= runs; i++) {
  const buffer = fileBuffer(file);
  const head = new Uint8Array(buffer.slice(0, 8) as ArrayBuffer);
  const started = performance.now();
  const { dataset } = await readColumnar(buffer, columnarFormatOf(head)!, {
    fileName: basename(file),
    bitBudget: 0,
  });
  if (i > 0) times.push(performance.now() - started);
  transactions = dataset.n;
  bytes = buffer.byteLength;
  buffer.close();
}
times.sort((a, b) => a - b);
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({
    file: basename(file),
    bytes,
    transactions,
    medianMs: times[Math.floor(times.length / 2)],
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  }),
);
