/**
 * Investigation (issue 34): hyparquet + hyparquet-compressors against parquet-wasm (Rust's parquet
 * crate in WebAssembly, decoding to Arrow IPC, read with apache-arrow) on the same file, decoding a
 * list column into one array of items per row (what the reader needs before the dataset builder).
 * parquet-wasm and apache-arrow are not dependencies: install them in a folder of their own and
 * name it: `node bench/parquetReaders.mjs FILE.parquet /tmp/pqcmp` (npm install parquet-wasm
 * apache-arrow there). Prints the median wall ms of 3 runs after a warm-up, and the process's CPU.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parquetMetadata, parquetRead } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';

const [file, other] = process.argv.slice(2);
const bytes = readFileSync(file);
const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function hyparquet() {
  const metadata = parquetMetadata(buffer);
  let rows = 0;
  let items = 0;
  let start = 0;
  for (const group of metadata.row_groups) {
    const end = start + Number(group.num_rows);
    await parquetRead({
      file: buffer,
      metadata,
      columns: ['items'],
      rowStart: start,
      rowEnd: end,
      compressors,
      onChunk: ({ columnData }) => {
        for (const list of columnData) {
          rows++;
          items += list.length;
        }
      },
    });
    start = end;
  }
  return { rows, items };
}

const require = createRequire(`${other}/`);
const wasm = require('parquet-wasm');
const arrow = require('apache-arrow');

function parquetWasm() {
  const table = arrow.tableFromIPC(wasm.readParquet(new Uint8Array(buffer)).intoIPCStream());
  const column = table.getChild('items');
  let rows = 0;
  let items = 0;
  for (const list of column) {
    const values = list.toArray();
    rows++;
    items += values.length;
  }
  return { rows, items };
}

for (const [name, read] of [
  ['hyparquet', hyparquet],
  ['parquet-wasm + apache-arrow', parquetWasm],
]) {
  const times = [];
  let result;
  const cpu = process.cpuUsage();
  for (let i = 0; i < 4; i++) {
    const started = performance.now();
    result = await read();
    if (i > 0) times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      reader: name,
      ...result,
      medianMs: Math.round(median(times)),
      cpuSeconds: (used.user + used.system) / 1e6,
    }),
  );
}
