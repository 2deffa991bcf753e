/**
 * `npm run bench`: parse throughput and peak memory for ../shared/data and a generated
 * 1,000,000-transaction dataset (T10 I4 N1000), then the same generated file loaded in Chromium
 * with the main thread watched for long tasks, then every method section and the sweep. Writes
 * bench/results.md. Figures are ratios within this one run where they compare (machines here are
 * shared and noisy). `npm run bench -- sweep` (or any of datasets, bundle, pdegree, coat, hierarchy,
 * anatomy, methods, pipeline, browserrun, scale, teach, density, parquet, attack, privbayes, hkp,
 * disassociation, privbayes-browser, parse, pageload) runs only those sections and replaces them in
 * bench/results.md, keeping the rest (parse appends a dated run under its heading instead).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { GENERATED, generateLarge } from './generated.ts';
import { benchParquet } from './parquet.ts';
import { browserLoad } from './browserLoad.ts';
import { benchMethods } from './methods.ts';
import { benchMultiAnatomy } from './multiAnatomy.ts';
import { benchPDegree } from './pDegree.ts';
import { benchCoat } from './coat.ts';
import { benchHierarchy } from './hierarchy.ts';
import { benchSweep } from './sweep.ts';
import { benchPipeline } from './pipeline.ts';
import { benchAttack } from './attack.ts';
import { browserRun } from './browserRun.ts';
import { benchDatasets } from './datasets.ts';
import { benchBundle } from './bundle.ts';
import { benchScale } from './scale.ts';
import { benchTeach } from './teachStepper.ts';
import { benchDensity } from './density.ts';
import { benchPrivBayes } from './privbayes.ts';
import { benchHkp } from './hkp.ts';
import { benchDisassociation } from './disassociation.ts';
import { benchPrivBayesBrowser } from './privbayesBrowser.ts';
import { benchParseFormats, PARSE_HEADING } from './parseFormats.ts';
import { benchPageLoad } from './pageLoad.ts';
import { readFileSync } from 'node:fs';

/** The shared benchmark data (SHARED_DATA overrides it, e.g. from a worktree beside other checkouts). */
const SHARED = process.env.SHARED_DATA ?? '../shared/data';
const FILES = ['BMS1.dat', 'BMS2.dat', 'chess.dat', 'mushroom.dat', 'T10I4D100K.dat'];

interface ParseRow {
  file: string;
  bytes: number;
  transactions: number;
  medianMs: number;
  minMs: number;
  bitsMedianMs: number;
  datasetBytes: number;
  maxRssBytes: number;
}

function runParse(file?: string): ParseRow {
  const args = ['--import', 'tsx', 'bench/parseOne.ts', ...(file ? [file, '5'] : [])];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 }));
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

const SECTIONS = [
  'datasets',
  'bundle',
  'pdegree',
  'coat',
  'hierarchy',
  'anatomy',
  'methods',
  'pipeline',
  'browserrun',
  'sweep',
  'scale',
  'teach',
  'density',
  'parquet',
  'attack',
  'privbayes',
  'hkp',
  'disassociation',
  'privbayes-browser',
  'parse',
  'pageload',
] as const;
type SectionName = (typeof SECTIONS)[number];

async function section(name: SectionName): Promise<string> {
  const bms = (files: string[]) => files.filter((f) => existsSync(`${SHARED}/${f}`));
  console.error(`running ${name}…`);
  switch (name) {
    case 'datasets':
      return benchDatasets(SHARED);
    case 'bundle':
      return benchBundle();
    case 'pdegree':
      return benchPDegree(SHARED, bms(['BMS1.dat', 'BMS2.dat']));
    case 'coat':
      return benchCoat(SHARED, bms(['BMS1.dat', 'BMS2.dat']));
    case 'hierarchy':
      return benchHierarchy(SHARED);
    case 'anatomy':
      return benchMultiAnatomy(SHARED);
    case 'methods':
      return benchMethods(SHARED, bms(['BMS1.dat', 'chess.dat']));
    case 'pipeline':
      return existsSync(`${SHARED}/BMS1.dat`) ? benchPipeline(SHARED) : '';
    case 'browserrun':
      return browserRunSection();
    case 'sweep':
      return existsSync(`${SHARED}/BMS1.dat`) ? benchSweep(SHARED) : '';
    case 'scale':
      return benchScale();
    case 'teach':
      return teachSection();
    case 'density':
      return benchDensity();
    case 'attack':
      return benchAttack(SHARED);
    case 'parquet':
      await generateLarge();
      return benchParquet(GENERATED, Number(process.env.E2E_PORT ?? 4180));
    case 'privbayes':
      return benchPrivBayes(SHARED);
    case 'hkp':
      return benchHkp(SHARED);
    case 'disassociation':
      return benchDisassociation(SHARED);
    case 'privbayes-browser':
      return benchPrivBayesBrowser(Number(process.env.E2E_PORT ?? 4180));
    case 'parse':
      return benchParseFormats(SHARED);
    case 'pageload':
      return benchPageLoad(Number(process.env.E2E_PORT ?? 4180));
  }
}

/** The teaching stepper's time per step change in Chromium on 300-row files (bench/teachStepper.ts). */
async function teachSection(): Promise<string> {
  if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) return '';
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  return benchTeach(Number(process.env.E2E_PORT ?? 4180));
}

/** gray-cahd and PTA on the generated 1,000,000-row file in Chromium: phases, whole wait, long tasks. */
async function browserRunSection(): Promise<string> {
  if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) return '';
  await generateLarge();
  // Always built afresh: a dist/ left from an older checkout would be measured instead.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  // E2E_PORT: the port this checkout may use (others may run their own previews at the same time);
  // BENCH_SHOTS: a folder for a screenshot of each landed run's detail.
  const report = await browserRun(
    GENERATED,
    '1,000,000',
    [
      { method: 'gray-cahd', params: { p: '10' } },
      { method: 'pta', params: { k: '5' } },
    ],
    Number(process.env.E2E_PORT ?? 4180),
    process.env.BENCH_SHOTS,
  );
  const rows = report.runs.map((r) => {
    const longest = Math.max(0, ...r.longTasks);
    const longestCpu = Math.max(0, ...r.tracedTasks.map((t) => t.cpuMs));
    const ratio = r.totalShownMs / r.clickToResultMs;
    return `| ${r.method} ${Object.entries(r.params)
      .map(([k, v]) => `${k}=${v}`)
      .join(
        ' ',
      )} | ${r.phases.join(' → ')} | ${r.runtimeShownMs} | ${r.totalShownMs} | ${r.clickToResultMs.toFixed(0)} | ${ratio.toFixed(3)} | ${r.longTasks.length} | ${longest.toFixed(0)} | ${longestCpu.toFixed(0)} |`;
  });
  return [
    '## Running on the 1,000,000-transaction file in Chromium',
    '',
    `The generated file loaded through the file input of the built app (${report.workers}; cross-origin isolated: ${report.crossOriginIsolated}; load ${report.loadMs} ms), then each method run from the Anonymize form with its defaults (gray-cahd: 10 sensitive items of moderate support). "click to result" is timed in the page, from the click to the run's row in the table; "total shown" is the run's total_ms in that row; long tasks are main-thread tasks over 50 ms from the click to 2 s after the result (PerformanceObserver 'longtask'; their wall-clock length grows with the machine's load, ${loadavg()[0].toFixed(1)} on ${cpus().length} cores when this section ended).`,
    '',
    '| method | phases shown | method ms shown | total ms shown | click to result ms | total / click-to-result | long tasks | longest task ms | most CPU in one task, ms |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '"most CPU in one task": a Chromium trace of the same window (categories devtools.timeline and toplevel) gives each main-thread task over 50 ms with the CPU time the thread spent in it (bench/traceTasks.ts); the rest of its wall-clock length is the wait for a core on the shared machine.',
    '',
    ...report.runs.flatMap((r) => [
      `Timeline of ${r.method} (ms after the click; phases as the page showed them, long tasks as the observer saw them):`,
      '',
      ...r.timeline.map((line) => `- ${line}`),
      ...r.tracedTasks.map(
        (t) =>
          `- traced: task at ${t.at.toFixed(0)} ms: ${t.wallMs.toFixed(0)} ms wall, ${t.cpuMs.toFixed(0)} ms CPU`,
      ),
      '',
    ]),
    `The observer saw a deliberate 250 ms main-thread task (calibration): ${report.observerCalibrated ? 'yes' : 'NO'}.`,
    '',
  ].join('\n');
}

/**
 * Replaces the `## ` sections of bench/results.md that `fresh` holds (or appends them). A section
 * whose heading is in APPENDED keeps its old text: the fresh run (what follows its heading) is
 * added at its end, so hand-measured rows and earlier runs stay.
 */
const APPENDED = new Set([PARSE_HEADING]);

function replaceSections(fresh: string): void {
  const split = (text: string) => text.split(/\n(?=## )/);
  const heading = (part: string) => part.split('\n')[0];
  const parts = existsSync('bench/results.md')
    ? split(readFileSync('bench/results.md', 'utf8'))
    : ['# Benchmarks'];
  for (const part of split(fresh)) {
    const at = parts.findIndex((p) => heading(p) === heading(part));
    if (at >= 0 && APPENDED.has(heading(part)))
      parts[at] = `${parts[at].trimEnd()}\n\n${part.slice(heading(part).length).trim()}\n`;
    else if (at >= 0) parts[at] = part;
    else parts.push(part);
  }
  writeFileSync('bench/results.md', parts.join('\n'));
}

async function main(): Promise<void> {
  const only = process.argv
    .slice(2)
    .filter((a): a is SectionName => (SECTIONS as readonly string[]).includes(a));
  if (only.length > 0) {
    const fresh: string[] = [];
    for (const name of only) fresh.push(await section(name));
    replaceSections(fresh.join('\n'));
    console.log(fresh.join('\n'));
    return;
  }
  console.error('generating the 1,000,000-transaction dataset…');
  await generateLarge();
  const baseline = runParse().maxRssBytes;
  const rows: ParseRow[] = [];
  for (const file of [...FILES.map((f) => `${SHARED}/${f}`).filter(existsSync), GENERATED]) {
    console.error(`parsing ${file}…`);
    rows.push(runParse(file));
  }
  const reference = rows.find((r) => r.file === 'T10I4D100K.dat') ?? rows[0];
  const table = rows.map((r) => {
    const throughput = r.bytes / 1e6 / (r.medianMs / 1000);
    const total = r.medianMs + r.bitsMedianMs;
    return `| ${r.file} | ${r.transactions.toLocaleString('en')} | ${mb(r.bytes)} | ${r.medianMs.toFixed(1)} | **${throughput.toFixed(0)}** | ${r.bitsMedianMs.toFixed(1)} | ${(r.bytes / 1e6 / (total / 1000)).toFixed(0)} | ${(total / reference.medianMs).toFixed(2)} | ${mb(r.datasetBytes)} | ${mb(r.maxRssBytes - baseline)} |`;
  });

  let browserSection = '';
  if (existsSync('/usr/bin/chromium') || process.env.CHROMIUM_PATH) {
    console.error('building the app and loading the generated file in Chromium…');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    const large = rows[rows.length - 1];
    const result = await browserLoad(GENERATED, '1,000,000');
    const longest = Math.max(0, ...result.longTasks);
    const over100 = result.longTasks.filter((t) => t > 100).length;
    browserSection = [
      '## Loading the 1,000,000-transaction file in Chromium',
      '',
      `Dropped through the file input of the built app (cross-origin isolated: ${result.crossOriginIsolated}); timed until the stats and the risk chart show.`,
      '',
      '| measure | value |',
      '|---|---|',
      `| load to stats + risk chart, ms | ${result.loadMs} |`,
      `| browser load time / Node parse time | ${(result.loadMs / large.medianMs).toFixed(1)} |`,
      `| main-thread long tasks (> 50 ms) | ${result.longTasks.length} |`,
      `| longest main-thread task, ms | ${longest.toFixed(0)} |`,
      `| main-thread tasks over 100 ms | ${over100} |`,
      `| observer saw a deliberate 150 ms task (calibration) | ${result.observerCalibrated ? 'yes' : 'NO'} |`,
      '',
    ].join('\n');
  }

  const datasetsSection = await section('datasets');
  const bundleSection = await section('bundle');
  const pDegreeSection = await section('pdegree');
  const coatSection = await section('coat');
  const hierarchySection = await section('hierarchy');
  const anatomySection = await section('anatomy');
  const methodsSection = await section('methods');
  const pipelineSection = await section('pipeline');
  const browserRunText = await section('browserrun');
  const sweepSection = await section('sweep');
  const scaleSection = await section('scale');
  const teachSectionText = await section('teach');

  const report = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
    'Compare ratios within this file, not seconds across machines.',
    '',
    '## FIMI parsing in Node',
    '',
    'Median of 5 runs after one warm-up, each file in a fresh process. "parse" is text to the CSR arrays in',
    'SharedArrayBuffers (ids, sorting, dedup, warnings); "BitMatrix" is the dense matrix built from the CSR',
    'afterwards; a load in the app does both. "load / T10I4D100K parse" is parse + BitMatrix as a ratio to',
    'the parse time of T10I4D100K in this run. "peak MB" is the process\'s peak resident memory above an',
    `idle process (${mb(baseline)} MB), with the file's bytes read into memory.`,
    '',
    '| file | transactions | MB | parse ms | parse MB/s | BitMatrix ms | load MB/s | load / T10I4D100K parse | dataset MB | peak MB |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...table,
    '',
    browserSection,
    datasetsSection,
    bundleSection,
    browserRunText,
    pDegreeSection,
    methodsSection,
    pipelineSection,
    anatomySection,
    coatSection,
    hierarchySection,
    sweepSection,
    scaleSection,
    teachSectionText,
    await section('parquet'),
  ].join('\n');
  writeFileSync('bench/results.md', report);
  console.log(report);
}

void main();
