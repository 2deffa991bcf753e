/**
 * One parse benchmark in a fresh process (so that its peak memory is its own): parses FILE
 * `runs` times after one warm-up and prints JSON with the times, the dataset's own bytes and the
 * process's peak resident memory. Without a file it prints the baseline of an idle process.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { BitMatrix } from '../src/core/data/bitMatrix.ts';
import { parseBytes } from '../src/core/data/parsers/index.ts';

const [file, runsArg] = process.argv.slice(2);
if (!file) {
  console.log(JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
} else {
  const bytes = readFileSync(file);
  const runs = Number(runsArg ?? 5);
  const times: number[] = [];
  const bitTimes: number[] = [];
  let datasetBytes = 0;
  let transactions = 0;
  for (let i = 0; i <= runs; i++) {
    // Parsing proper (text to CSR in shared memory), then the dense BitMatrix built from the CSR,
    // timed apart: together they are what a load costs.
    const started = performance.now();
    const { dataset } = parseBytes(bytes, { fileName: basename(file), bitBudget: 0 });
    const parsed = performance.now();
    const bits = BitMatrix.fromCsr(dataset.offsets, dataset.items, dataset.d);
    const built = performance.now();
    if (i > 0) {
      times.push(parsed - started);
      bitTimes.push(built - parsed);
    }
    datasetBytes = dataset.offsets.byteLength + dataset.items.byteLength + bits.words.byteLength;
    transactions = dataset.n;
  }
  times.sort((a, b) => a - b);
  bitTimes.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      file: basename(file),
      bytes: bytes.length,
      transactions,
      medianMs: times[Math.floor(times.length / 2)],
      minMs: times[0],
      bitsMedianMs: bitTimes[Math.floor(bitTimes.length / 2)],
      datasetBytes,
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
    }),
  );
}
