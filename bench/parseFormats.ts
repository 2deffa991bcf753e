/**
 * `npm run bench -- parse` (issue 46): `txanon stats` (the built bin, as a user runs it) on the same
 * data in every format, against `wc -w` on the same file in the same run: CPU seconds (user +
 * system) and peak resident memory, each a fresh process, by /usr/bin/time. Files: BMS1, the
 * 410,201-row Netflix shape (SHAPES.netflix) and, with PARSE_FULL=1, the full Netflix Prize shape
 * (480,189 rows, 17,770 items, about 100 M occurrences, 540 MB of FIMI). Twins of each FIMI file:
 * CSV baskets (the spaces as commas), tid,item (one `tid,item` line per occurrence, a header),
 * Parquet zstd (DuckDB, a list<int> column; bench/parquet.ts parquetTwin) and Arrow IPC (flechette,
 * a list<int32> column). Not for the full shape: Arrow (its rows as JS arrays would take gigabytes
 * here). tid,item of the full shape is 1.2 GB of 100 M lines (read by the byte tokenizer since this
 * round: two ids per line, no string per tid).
 * Ratios: stats CPU / wc -w CPU on the same file; Parquet and Arrow also against FIMI's stats.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { columnFromArray, int32, list, tableFromColumns, tableToIPC } from '@uwdata/flechette';
import { SHAPES, type ShapeParams } from '../src/core/data/syntheticShape.ts';
import { parquetTwin } from './parquet.ts';
import { writeShapeFile } from './shapeFile.ts';

export const PARSE_WORK = '.tmp/bench/parse';
/** The section's heading in bench/results.md; each run is appended under it (bench/run.ts). */
export const PARSE_HEADING = '## Parsing every format against `wc -w` (issue 46)';
const WORK = PARSE_WORK;
/** The full Netflix Prize shape: 480,189 users, 17,770 films, 100.4 M ratings (avg 209). */
export const NETFLIX_FULL: ShapeParams = {
  D: 480_189,
  N: 17_770,
  T: 209,
  maxLength: 17_000,
  zipf: 1,
  seed: 1,
};

/** A process still running after this long is stopped and reported as such (a shared box). */
const LIMIT_MS = 900_000;

interface Measured {
  cpu: number;
  rssMb: number;
  ok: boolean;
}

/** CPU seconds and peak RSS of one command (/usr/bin/time), and whether it exited 0. */
export function measure(command: string[]): Measured {
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S %M', ...command], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
    timeout: LIMIT_MS,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const [user, sys, kb] = run.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  if (run.status !== 0) return { cpu: NaN, rssMb: NaN, ok: false };
  return { cpu: user + sys, rssMb: kb / 1024, ok: true };
}

/** Writes `out` from the FIMI file's lines, each turned by `line(text, index)`. */
async function twin(fimi: string, out: string, head: string, line: (text: string, row: number) => string) {
  if (existsSync(out)) return;
  const sink = createWriteStream(out);
  sink.write(head);
  let rest = '';
  let row = 0;
  for await (const chunk of createReadStream(fimi, { encoding: 'utf8', highWaterMark: 1 << 22 })) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    const text = lines.map((l) => line(l, row++)).join('');
    if (!sink.write(text)) await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
  }
  if (rest) sink.write(line(rest, row));
  await new Promise<void>((resolve) => sink.end(resolve));
}

/** The Arrow IPC twin (a list<int32> column of each line's values). */
async function arrowTwin(fimi: string, out: string): Promise<void> {
  if (existsSync(out)) return;
  const rows: number[][] = [];
  let rest = '';
  for await (const chunk of createReadStream(fimi, { encoding: 'utf8', highWaterMark: 1 << 22 })) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    for (const l of lines) rows.push(l.trim() === '' ? [] : l.trim().split(/\s+/).map(Number));
  }
  const items = columnFromArray(rows, list(int32()), { maxBatchRows: 122_880 });
  writeFileSync(out, tableToIPC(tableFromColumns({ items }), { format: 'file' })!);
}

interface Format {
  name: string;
  file: string;
  flags: string[];
}

async function formatsOf(fimi: string, small: boolean): Promise<Format[]> {
  const base = fimi.replace(/\.dat$/, '');
  await twin(fimi, `${base}.csv`, '', (l) => l.trim().replace(/\s+/g, ',') + '\n');
  await twin(fimi, `${base}.long.csv`, 'tid,item\n', (l, r) => {
    const values = l.trim() === '' ? [] : l.trim().split(/\s+/);
    return values.map((v) => `${r},${v}\n`).join('');
  });
  const parquet = await parquetTwin(fimi);
  if (small) await arrowTwin(fimi, `${base}.arrow`);
  return [
    { name: 'FIMI', file: fimi, flags: [] },
    { name: 'CSV baskets', file: `${base}.csv`, flags: ['--format', 'csv-basket'] },
    { name: 'tid,item', file: `${base}.long.csv`, flags: ['--format', 'csv-long'] },
    { name: 'Parquet zstd', file: parquet, flags: [] },
    ...(small ? [{ name: 'Arrow IPC', file: `${base}.arrow`, flags: [] }] : []),
  ];
}

export async function benchParseFormats(shared: string): Promise<string> {
  mkdirSync(WORK, { recursive: true });
  spawnSync('node', ['scripts/build-cli.mjs'], { stdio: 'ignore' });
  const files: { label: string; fimi: string; small: boolean }[] = [];
  if (existsSync(`${shared}/BMS1.dat`)) {
    await twin(`${shared}/BMS1.dat`, `${WORK}/BMS1.dat`, '', (l) => l + '\n');
    files.push({ label: 'BMS1', fimi: `${WORK}/BMS1.dat`, small: true });
  }
  await writeShapeFile(`${WORK}/netflix410.dat`, SHAPES.netflix);
  files.push({ label: 'Netflix shape, 410,201 rows', fimi: `${WORK}/netflix410.dat`, small: true });
  if (process.env.PARSE_FULL === '1') {
    await writeShapeFile(`${WORK}/netflix-full.dat`, NETFLIX_FULL);
    files.push({ label: 'full Netflix shape, 480,189 rows', fimi: `${WORK}/netflix-full.dat`, small: false });
  }
  const lines = [
    PARSE_HEADING,
    '',
    `### Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `\`npm run bench -- parse\`, load average ${loadavg()[0].toFixed(1)} at the start (2 shared cores). Each cell is one fresh`,
    'process measured by /usr/bin/time: `txanon stats FILE` (the built bin: read, parse, statistics) and `wc -w FILE`',
    'on the same file, in the same run. "/ wc" is stats CPU over wc CPU; "/ FIMI" is stats CPU over the FIMI',
    "file's stats CPU (on a small file such as BMS1, Node's start-up, about 0.3 s, is most of it). Peak RSS is",
    "the process's; occurrences are the file's item occurrences.",
    '',
    '| data | format | MB | wc -w CPU s | stats CPU s | / wc | / FIMI | peak RSS MB | bytes / occurrence |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { label, fimi, small } of files) {
    const formats = await formatsOf(fimi, small);
    const occurrences = Number(
      spawnSync('wc', ['-w', fimi], { encoding: 'utf8' }).stdout.trim().split(/\s+/)[0],
    );
    let fimiCpu = 0;
    for (const format of formats) {
      const wc = measure(['wc', '-w', format.file]);
      const stats = measure(['node', 'dist-cli/txanon.mjs', 'stats', format.file, ...format.flags]);
      if (format.name === 'FIMI') fimiCpu = stats.cpu;
      const mb = statSync(format.file).size / 1e6;
      lines.push(
        `| ${label} | ${format.name} | ${mb.toFixed(1)} | ${wc.cpu.toFixed(2)} | ${stats.ok ? stats.cpu.toFixed(2) : 'failed or past 15 min'} | ${wc.cpu < 0.05 ? '- (wc under 0.05 s)' : `**${(stats.cpu / wc.cpu).toFixed(1)}**`} | ${(stats.cpu / fimiCpu).toFixed(2)} | ${stats.rssMb.toFixed(0)} | ${((stats.rssMb * 2 ** 20) / occurrences).toFixed(1)} |`,
      );
      console.error(lines.at(-1));
    }
  }
  lines.push('');
  return lines.join('\n');
}
