/**
 * `npm run bench -- density` (issue 31): every method on the Netflix Prize shape at its real
 * density (`generate --shape netflix --D 480189 --N 17770 --T 209 --max-length 17000 --seed 1`:
 * 17,770 items, 209 a row on average, rows up to 17,000), on the ladder of its first 50,000 /
 * 120,000 / 240,000 rows and the whole 480,189. Each run is the CLI as a user runs it
 * (`anonymize`, default metrics, the release written), one process at a time, timed by GNU time:
 * CPU seconds (user + system, every thread) and peak resident memory, with a `stats` process on
 * the same file just before it (the floor of any run: reading the file), so that a ratio to it is
 * measured in the same minutes on this shared machine. A run over its time limit (DENSITY_LIMIT_S
 * of wall clock, default 1,800) is killed and recorded as such, and the method is not run on the
 * larger sizes. Growth exponents: the least-squares slope of log CPU time on log rows.
 * Then the whole file in one Chromium tab (densityPage.ts): load, gray-cahd and PTA k = 100, each
 * release downloaded and compared byte for byte with the CLI's.
 * Files: DENSITY_DIR (default .tmp/bench/density) holds netflix-{50k,120k,240k,480k}.dat, made
 * when missing; releases go to DENSITY_OUT (default DENSITY_DIR/out). DENSITY_ONLY=a,b (methods,
 * `stats`, `page`) runs only those (and `stats` where none is saved) and keeps the other outcomes
 * saved in DENSITY_OUT, so that the ladder can be run in pieces; DENSITY_SIZES=480k (labels) runs
 * only those sizes of them (a run killed by the wall limit under load, run again alone).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { densityPage, sha256, type DensityPageResult } from './densityPage.ts';
import { growthExponent, pDegreeRuns, type Run } from './scale.ts';

const DIR = process.env.DENSITY_DIR ?? '.tmp/bench/density';
const OUT = process.env.DENSITY_OUT ?? `${DIR}/out`;
const LIMIT_S = Number(process.env.DENSITY_LIMIT_S ?? 1800);
const PORT = Number(process.env.E2E_PORT ?? 4219);
const SIZES = [
  { label: '50k', rows: 50_000 },
  { label: '120k', rows: 120_000 },
  { label: '240k', rows: 240_000 },
  { label: '480k', rows: 480_189 },
];
const GENERATE = [
  '--shape',
  'netflix',
  '--D',
  '480189',
  '--N',
  '17770',
  '--T',
  '209',
  '--max-length',
  '17000',
];

export const DENSITY_RUNS: Run[] = [
  // The page's default sensitive choice: 10 items of moderate support.
  ...pDegreeRuns(['--sensitive-band', '10']),
  { method: 'pta', flags: ['--k', '100'], label: 'pta k=100' },
  { method: 'patternka', flags: ['--k', '100'], label: 'patternka k=100' },
  { method: 'apriori-km', flags: ['--k', '5', '--m', '2'], label: 'apriori-km k=5 m=2' },
  { method: 'coat', flags: ['--k', '5', '--m', '2'], label: 'coat k=5 m=2' },
  { method: 'multi-anatomy', flags: ['--l', '2'], label: 'multi-anatomy l=2' },
];

export interface DensityOutcome {
  status: 'done' | 'refused' | 'failed' | 'over limit' | 'skipped';
  cpuS?: number;
  peakMb?: number;
  wallS?: number;
  /** The `stats` process run just before, CPU s. */
  statsCpuS?: number;
  load?: number;
  at?: string;
  methodS?: number;
  metrics?: Record<string, number>;
  message?: string;
  /** The release JSON's hash (without its final line break), for the page's comparison. */
  releaseSha?: string;
}

interface Saved {
  outcomes: Record<string, DensityOutcome>;
  stats: Record<string, DensityOutcome>;
  page?: { result: DensityPageResult; at: string; load: number; error?: string };
}

const key = (run: Run, size: string) => `${run.label} @ ${size}`;
const fileOf = (size: string) => `${DIR}/netflix-${size}.dat`;

/** The whole file and its prefixes, made once. */
function makeFiles(): void {
  mkdirSync(OUT, { recursive: true });
  const whole = fileOf('480k');
  if (!existsSync(whole)) {
    console.error(`generating ${whole}…`);
    const made = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'generate', ...GENERATE, '--seed', '1', '--out', whole],
      { stdio: 'inherit' },
    );
    if (made.status !== 0) throw new Error('generate failed');
  }
  for (const { label, rows } of SIZES.slice(0, -1)) {
    const file = fileOf(label);
    if (existsSync(file)) continue;
    const head = spawnSync('bash', ['-c', `head -n ${rows} '${whole}' > '${file}'`], { stdio: 'inherit' });
    if (head.status !== 0) throw new Error(`could not write ${file}`);
  }
}

/** A CLI process under GNU time and `timeout`: its exit, output, CPU s, peak RSS MB, wall s. */
function timed(args: string[]) {
  const timeFile = `${OUT}/time.txt`;
  rmSync(timeFile, { force: true });
  const started = performance.now();
  const result = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '%U %S %M',
      '-o',
      timeFile,
      'timeout',
      // In the foreground, timeout waits for the process it kills, so GNU time still reads its CPU
      // (without it timeout killed its own process group, itself too, and the CPU read 0).
      '--foreground',
      '-s',
      'KILL',
      String(LIMIT_S),
      process.execPath,
      '--import',
      'tsx',
      'src/cli/main.ts',
      ...args,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const wallS = (performance.now() - started) / 1000;
  const last = existsSync(timeFile) ? (readFileSync(timeFile, 'utf8').trim().split('\n').pop() ?? '') : '';
  const [user, system, kb] = last.split(' ').map(Number);
  return {
    code: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    wallS,
    cpuS: Number.isFinite(user + system) ? user + system : undefined,
    peakMb: Number.isFinite(kb) ? kb / 1024 : undefined,
    killed: result.status === 137 || /Command terminated by signal 9/.test(readFileSafe(timeFile)),
  };
}

function readFileSafe(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

function statsOutcome(size: string): DensityOutcome {
  const r = timed(['stats', fileOf(size)]);
  return { status: r.code === 0 ? 'done' : 'failed', cpuS: r.cpuS, peakMb: r.peakMb, wallS: r.wallS };
}

function runOutcome(run: Run, size: string): DensityOutcome {
  const statsCpuS = statsOutcome(size).cpuS;
  const when = { load: loadavg()[0], at: new Date().toISOString(), statsCpuS };
  const out = `${OUT}/${run.method}-${size}.json`;
  const r = timed([
    'anonymize',
    fileOf(size),
    '--method',
    run.method,
    ...run.flags,
    '--seed',
    '1',
    '--out',
    out,
  ]);
  const measured = { cpuS: r.cpuS, peakMb: r.peakMb, wallS: r.wallS, ...when };
  if (r.killed)
    return { status: 'over limit', ...measured, message: `killed after ${LIMIT_S} s of wall clock` };
  if (r.code !== 0) {
    const message = r.stderr
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('warning'))[0]
      ?.replace(/^error: /, '');
    return { status: r.code === 2 ? 'refused' : 'failed', ...measured, message };
  }
  const record = JSON.parse(r.stdout) as { runtime_ms: number; metrics: Record<string, number> };
  return { status: 'done', ...measured, methodS: record.runtime_ms / 1000, metrics: record.metrics };
}

/** The release's hash as the page's download would have it (no final line break). */
async function releaseSha(path: string): Promise<string | undefined> {
  if (!existsSync(path)) return undefined;
  spawnSync('bash', ['-c', `head -c -1 '${path}' > '${path}.page'`]);
  const sha = await sha256(`${path}.page`);
  rmSync(`${path}.page`, { force: true });
  return sha;
}

export async function benchDensity(): Promise<string> {
  makeFiles();
  const savedFile = `${OUT}/outcomes.json`;
  const saved: Saved = existsSync(savedFile)
    ? (JSON.parse(readFileSync(savedFile, 'utf8')) as Saved)
    : { outcomes: {}, stats: {} };
  const only = process.env.DENSITY_ONLY?.split(',');
  const wanted = (name: string) => !only || only.includes(name);
  const sizes = process.env.DENSITY_SIZES?.split(',');
  const save = () => writeFileSync(savedFile, JSON.stringify(saved, null, 1));
  for (const { label } of SIZES)
    if (wanted('stats') || !saved.stats[label]) {
      console.error(`stats @ ${label}…`);
      saved.stats[label] = statsOutcome(label);
      save();
    }
  for (const run of DENSITY_RUNS) {
    if (!wanted(run.method)) continue;
    let stop: string | undefined;
    for (const { label } of SIZES) {
      if (sizes && !sizes.includes(label)) continue;
      if (stop) {
        saved.outcomes[key(run, label)] = { status: 'skipped', message: stop };
        continue;
      }
      console.error(`${key(run, label)}…`);
      const outcome = runOutcome(run, label);
      const release = `${OUT}/${run.method}-${label}.json`;
      if (outcome.status === 'done') outcome.releaseSha = await releaseSha(release);
      // Only the releases the page part compares with are kept (a release of the whole file is 0.7 GB).
      if (!(label === '480k' && (run.method === 'gray-cahd' || run.method === 'pta')))
        rmSync(release, { force: true });
      saved.outcomes[key(run, label)] = outcome;
      save();
      if (outcome.status === 'over limit' || outcome.status === 'failed')
        stop = `not run: ${outcome.status} at ${label}`;
    }
  }
  if (wanted('page') && process.env.DENSITY_PAGE !== '0') {
    console.error('the whole file in Chromium…');
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    try {
      const result = await densityPage(fileOf('480k'), '480,189', PORT, OUT, LIMIT_S * 1000);
      saved.page = { result, at: new Date().toISOString(), load: loadavg()[0] };
    } catch (error) {
      saved.page = {
        result: saved.page?.result as DensityPageResult,
        at: new Date().toISOString(),
        load: loadavg()[0],
        error: String(error),
      };
    }
    save();
  }
  return report(saved);
}

const fixed = (value: number | undefined, digits = 1) => (value === undefined ? '?' : value.toFixed(digits));

function cell(outcome: DensityOutcome | undefined): string {
  if (!outcome) return '';
  switch (outcome.status) {
    case 'done':
      return `${fixed(outcome.cpuS)} s / ${fixed(outcome.peakMb, 0)} MB`;
    case 'refused':
      return `refused after ${fixed(outcome.cpuS)} s`;
    case 'over limit':
      return `over ${LIMIT_S} s (${fixed(outcome.cpuS)} s CPU)`;
    case 'failed':
      return `**failed** (${fixed(outcome.cpuS)} s)`;
    case 'skipped':
      return 'not run';
  }
}

function report(saved: Saved): string {
  const header = `| run | ${SIZES.map((s) => s.rows.toLocaleString('en')).join(' | ')} | exponent (CPU) | / stats at 480,189 |`;
  const rule = `|---|${SIZES.map(() => '---').join('|')}|---|---|`;
  const statsRow = `| \`stats\` (alone) | ${SIZES.map(({ label }) => cell(saved.stats[label])).join(' | ')} | ${fixed(
    growthExponent(
      SIZES.flatMap(({ label, rows }) => {
        const cpu = saved.stats[label]?.cpuS;
        return cpu === undefined ? [] : [{ rows, ms: cpu * 1000 }];
      }),
    ),
    2,
  )} | 1 |`;
  const rows = DENSITY_RUNS.map((run) => {
    const outcomes = SIZES.map(({ label }) => saved.outcomes[key(run, label)]);
    const done = SIZES.flatMap(({ rows }, i) =>
      outcomes[i]?.status === 'done' && outcomes[i].cpuS !== undefined
        ? [{ rows, ms: outcomes[i].cpuS! * 1000 }]
        : [],
    );
    const whole = outcomes[outcomes.length - 1];
    const ratio =
      whole?.status === 'done' && whole.cpuS && whole.statsCpuS
        ? (whole.cpuS / whole.statsCpuS).toFixed(2)
        : '';
    return `| ${run.label} | ${outcomes.map(cell).join(' | ')} | ${fixed(growthExponent(done), 2)} | ${ratio} |`;
  });
  // The loss where the issue sets a target on it (PTA and PatternKa: GCP no worse than at 50,000 rows).
  const lossRows = DENSITY_RUNS.flatMap((run) => {
    const gcps = SIZES.map(({ label }) => saved.outcomes[key(run, label)]?.metrics?.gcp);
    return gcps.some((g) => g !== undefined)
      ? [`| ${run.label} | ${gcps.map((g) => (g === undefined ? '' : g.toFixed(4))).join(' | ')} |`]
      : [];
  });
  const notes = DENSITY_RUNS.flatMap((run) =>
    SIZES.flatMap(({ label }) => {
      const o = saved.outcomes[key(run, label)];
      return o && (o.status === 'refused' || o.status === 'failed') && o.message
        ? [`- ${run.label} at ${label}: ${o.message}`]
        : [];
    }),
  );
  const lines = [
    '## Density',
    '',
    `The Netflix Prize shape at its real density (issue 31): \`generate ${GENERATE.join(' ')} --seed 1\` (17,770 items, 209 a row on average, up to 17,000; 100 million item occurrences in all), its first 50,000 / 120,000 / 240,000 rows and the whole. Each cell: CPU seconds of the whole \`anonymize\` process (user + system, every thread; GNU time) / its peak resident memory. "/ stats": the process's CPU against a \`stats\` process on the same file run just before it (issue 31's targets: at most 3 for gray-cahd and anatomy; every run at most 4 GB, 10 minutes for rcm-cahd, nn, lsh and perm-mondrian or a refusal within 10 s). A run over ${LIMIT_S} s of wall clock is killed and the method not run on the larger sizes. Machine: ${cpus().length} cores, shared; load average ${loadavg()[0].toFixed(1)} when this section ended (CPU seconds move less with it than wall time).`,
    '',
    header,
    rule,
    statsRow,
    ...rows,
    '',
    ...(lossRows.length > 0
      ? [
          'GCP of the releases (lower keeps more):',
          '',
          `| run | ${SIZES.map((s) => s.rows.toLocaleString('en')).join(' | ')} |`,
          `|---|${SIZES.map(() => '---').join('|')}|`,
          ...lossRows,
          '',
        ]
      : []),
    ...(notes.length > 0 ? ['Refusals and failures:', '', ...notes, ''] : []),
    ...pageLines(saved),
  ];
  return lines.join('\n');
}

function pageLines(saved: Saved): string[] {
  const page = saved.page;
  if (!page?.result) return page?.error ? [`The page part failed: ${page.error}`, ''] : [];
  const { result } = page;
  const cliOf = (method: string) =>
    saved.outcomes[`${DENSITY_RUNS.find((r) => r.method === method)!.label} @ 480k`];
  const stats = saved.stats['480k'];
  const ratio = (page: number | undefined, cli: number | undefined) =>
    page !== undefined && cli ? (page / cli).toFixed(2) : '?';
  const runRows = result.runs.map((run) => {
    const method = run.label.split(' ')[0];
    const cli = cliOf(method);
    const same = cli?.releaseSha === undefined ? '?' : cli.releaseSha === run.releaseSha ? 'yes' : '**no**';
    return `| ${run.label} | ${fixed(run.cpuS)} | ${fixed(cli?.cpuS)} | **${ratio(run.cpuS, cli?.cpuS)}** | ${(run.wallMs / 1000).toFixed(1)} | ${fixed(cli?.wallS)} | ${ratio(run.wallMs / 1000, cli?.wallS)} | ${(run.runtimeMs / 1000).toFixed(1)} | ${fixed(run.tabMemoryMb ?? undefined, 0)} | ${(run.releaseBytes / 1e6).toFixed(0)} MB in ${(run.downloadMs / 1000).toFixed(1)} s | ${same} |`;
  });
  return [
    `The whole file in one Chromium tab of the built app (cross-origin isolated: ${result.crossOriginIsolated}; started ${page.at.slice(0, 16)} UTC, load ${page.load.toFixed(1)}): dropped on the page, then gray-cahd (p = 10, the form's default sensitive choice) and PTA (k = 100) from the Anonymize form, each timed from the click to its verified row, and its release JSON downloaded and compared with the CLI's release of the same run. "page CPU s": the CPU seconds of every process of the browser over that span (renderer, workers, GPU and browser processes; /proc), against the CPU seconds of the whole CLI process (read, method, verify, release written), since wall time on this shared machine moves with the other engineers' load (the wall-clock columns are kept, measured at other minutes). "tab MB": the tab's own measure shown beside the run (performance.measureUserAgentSpecificMemory: JavaScript memory of the page and its workers, typed arrays and shared memory included; not the Blobs the browser keeps for download). The browser's peak: resident memory of all its processes (renderer and workers, GPU, browser with the Blobs), sampled every 0.5 s.`,
    '',
    '| run | page CPU s | CLI process CPU s | page / CLI CPU (target 1.5) | page wall s (click to verified) | CLI wall s | page / CLI wall | page method s | tab MB after | release downloaded | same bytes as the CLI |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    `| load (file to stats) | ${fixed(result.loadCpuS)} | ${fixed(stats?.cpuS)} (\`stats\`) | **${ratio(result.loadCpuS, stats?.cpuS)}** | ${(result.loadMs / 1000).toFixed(1)} | ${fixed(stats?.wallS)} | ${ratio(result.loadMs / 1000, stats?.wallS)} | | (browser ${result.loadedRssMb.toFixed(0)}) | | |`,
    ...runRows,
    '',
    `Peak resident memory of the browser's processes: **${result.peakMb.toFixed(0)} MB** (target: the tab under 4,000 MB).`,
    '',
  ];
}
