/**
 * The price of partitioning under differential privacy (issue 35): DiffPart on one file as one
 * process (`anonymize --workers 1`) and through `distribute --engine local --workers 2` in P
 * partitions (the item-hash split), at each ε, over a few seeds (seeded noise, so that a run can be
 * repeated; the metrics' queries come from the same seed, so every configuration answers the same
 * queries). Each run under /usr/bin/time: CPU seconds are user + system of the process and every
 * child it waited for (the partitions' tasks). Runs the built program (dist-cli/txanon.mjs, `npm run
 * build:cli` first), as a user would: a task then starts in about 0.25 CPU s, not tsx's 1 s.
 * Records in .tmp/bench/distribute-dp/; prints the table of notes/distribute.md.
 * Usage: npx tsx bench/distributeDp.ts [FILE] [EPSILONS] [PARTS] [SEEDS]
 *   defaults: test/data/BMS1.dat.gz  1,10  2,4,8  1,2,3
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

const file = process.argv[2] ?? 'test/data/BMS1.dat.gz';
const epsilons = (process.argv[3] ?? '1,10').split(',');
const partsList = (process.argv[4] ?? '2,4,8').split(',').map(Number);
const seeds = (process.argv[5] ?? '1,2,3').split(',');
const dir = '.tmp/bench/distribute-dp';
mkdirSync(dir, { recursive: true });
const program = 'dist-cli/txanon.mjs';
if (!existsSync(program)) throw new Error(`${program} is missing: npm run build:cli`);
const name = basename(file).replace(/\.dat(\.gz)?$/, '');

interface Run {
  cpu: number;
  avgre: number;
  rows: number;
  verified: boolean;
  partitionCpu: number | null;
}

function timed(tag: string, args: string[]): Run {
  const out = `${dir}/${tag}`;
  if (!existsSync(`${out}.json`) || !readFileSync(`${out}.json`, 'utf8').trim()) {
    const r = spawnSync(
      '/usr/bin/time',
      [
        '-f',
        '{"user":%U,"system":%S}',
        '-o',
        `${out}.time`,
        'node',
        program,
        ...args,
        '--out',
        `${out}.release.json`,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 28 },
    );
    if (r.status !== 0) throw new Error(`${tag}: ${r.stderr.trim().split('\n').pop()}`);
    writeFileSync(`${out}.json`, r.stdout);
  }
  const time = JSON.parse(readFileSync(`${out}.time`, 'utf8'));
  const record = JSON.parse(readFileSync(`${out}.json`, 'utf8'));
  return {
    cpu: time.user + time.system,
    avgre: record.metrics.avgre,
    rows: record.summary.rows_after,
    verified: record.verified,
    partitionCpu: record.distribute?.cpu_s.partitions ?? null,
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const se = (xs: number[]) =>
  xs.length < 2
    ? 0
    : Math.sqrt(xs.reduce((s, x) => s + (x - mean(xs)) ** 2, 0) / (xs.length - 1) / xs.length);

const lines = [
  `| ε | run | AvgRE (mean ± se, ${seeds.length} seeds) | synthetic rows | CPU s (mean) | CPU vs one process | partitions' CPU s | verified |`,
  '|---|---|---|---|---|---|---|---|',
];
for (const epsilon of epsilons) {
  const base = ['--method', 'diffpart', '--epsilon', epsilon];
  const configs: [string, (seed: string) => string[]][] = [
    ['one process', (seed) => ['anonymize', file, ...base, '--seed', seed, '--workers', '1']],
    ...partsList.map((parts): [string, (seed: string) => string[]] => [
      `${parts} partitions`,
      (seed) => ['distribute', file, ...base, '--seed', seed, '--parts', String(parts), '--workers', '2'],
    ]),
  ];
  let single = 0;
  for (const [label, args] of configs) {
    const runs = seeds.map((seed) =>
      timed(`${name}-e${epsilon}-${label.replace(' ', '-')}-s${seed}`, args(seed)),
    );
    const cpu = mean(runs.map((r) => r.cpu));
    if (label === 'one process') single = cpu;
    const avgre = runs.map((r) => r.avgre);
    const parts = runs.map((r) => r.partitionCpu);
    lines.push(
      `| ${epsilon} | ${label} | ${mean(avgre).toFixed(3)} ± ${se(avgre).toFixed(3)} | ${Math.round(mean(runs.map((r) => r.rows))).toLocaleString('en')} | ${cpu.toFixed(1)} | ${(cpu / single).toFixed(2)}x | ${parts.every((p) => p !== null) ? mean(parts as number[]).toFixed(1) : ''} | ${runs.every((r) => r.verified) ? 'yes' : 'NO'} |`,
    );
    console.error(`${epsilon} ${label} done (load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`);
  }
}
console.log(lines.join('\n'));
