/**
 * The scale bench's figures (scale.ts) checked against issue 18's "What it must show": each target
 * with the figure measured in the same pass, and whether it was met. Figures, not timed tests:
 * the machine is shared, so a miss by a small margin may be the load (scale.ts reports it).
 */
import {
  loadComparisons,
  sweepSpeedUp,
  type BrowserScaleResult,
  type PageSweep,
  type PageSweeps,
} from './browserScale.ts';
import type { Outcome } from './scale.ts';

export interface TargetInputs {
  outcomes: Map<string, Map<string, Outcome>>;
  statsMs: Map<string, number>;
  /** CPU time of the `stats` processes, by file label. */
  statsCpuMs: Map<string, number | undefined>;
  /** The file labels of the whole Netflix-shaped file and of the retail shape. */
  big: string;
  retail: string;
  page?: { result: BrowserScaleResult; sweep?: PageSweeps; statsMs?: number; riskMs?: number };
}

const P_DEGREE = ['gray-cahd', 'rcm-cahd', 'nn', 'lsh', 'perm-mondrian', 'anatomy'];
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const verdict = (met: boolean | undefined) =>
  met === undefined ? 'not measured' : met ? 'met' : '**missed**';

const cpuRatio = (a: number | undefined, b: number | undefined) =>
  a && b ? ` (CPU time ${sec(a)} / ${sec(b)} = ${(a / b).toFixed(1)}x)` : '';

function describe(o: Outcome | undefined): string {
  if (!o) return 'not run';
  const cpu = o.cpuMs === undefined ? '' : ` (cpu ${sec(o.cpuMs)})`;
  if (o.status === 'done') return `done in ${sec(o.totalMs)}${cpu}`;
  if (o.status === 'over limit') return `over the limit (${sec(o.totalMs)})`;
  if (o.status === 'skipped') return 'not run (over the limit at a smaller size)';
  return `${o.status} after ${sec(o.totalMs)} (${o.message})`;
}

export function targetLines({ outcomes, statsMs, statsCpuMs, big, retail, page }: TargetInputs): string[] {
  const at = (label: string, file: string) => outcomes.get(label)?.get(file);
  const lines = ['', "### Against the issue's targets", ''];
  const add = (target: string, figure: string, met: boolean | undefined) =>
    lines.push(`- ${target}: ${figure}. ${verdict(met)}.`);

  const gray = at('gray-cahd p=10', big);
  const stats = statsMs.get(big);
  if (gray?.status === 'done' && stats)
    add(
      "Netflix shape, gray-cahd's whole process <= 3x a `stats` process",
      `${sec(gray.totalMs)} / ${sec(stats)} = ${(gray.totalMs / stats).toFixed(1)}x of the wall clock${cpuRatio(gray.cpuMs, statsCpuMs.get(big))}`,
      gray.totalMs <= 3 * stats,
    );
  else add("Netflix shape, gray-cahd's whole process <= 3x `stats`", describe(gray), undefined);

  const pdegree = P_DEGREE.map((m) => ({ m, o: at(`${m} p=10`, big) }));
  add(
    "every p-degree method's total under 30 s",
    pdegree.map(({ m, o }) => `${m} ${describe(o)}`).join(', '),
    pdegree.every(({ o }) => o?.status === 'done' && o.totalMs < 30_000),
  );
  const rcm = at('rcm-cahd p=10', big);
  add('rcm-cahd completes', describe(rcm), rcm?.status === 'done');

  for (const label of ['pta k=100', 'patternka k=100', 'pta k=500', 'patternka k=500']) {
    const o = at(label, big);
    const ncp = o?.metrics?.gcp === undefined ? '' : `, GCP ${o.metrics.gcp.toFixed(3)}`;
    add(
      `${label} under 10 minutes with NCP`,
      `${describe(o)}${ncp}`,
      o && o.status === 'done' && o.totalMs < 600_000,
    );
  }
  for (const label of ['multi-anatomy l=2', 'coat k=5 m=2', 'apriori-km k=5 m=2']) {
    const o = at(label, big);
    const upFront = o?.status === 'refused';
    add(
      `${label} under 10 minutes, or a refusal up front naming a feasible setting`,
      describe(o),
      o && (o.status === 'done' ? o.totalMs < 600_000 : upFront ? o.totalMs < 60_000 : false),
    );
  }

  if (page) {
    const r = page.result;
    const ratio = (pageMs: number, cliMs: number | undefined) =>
      cliMs ? `${(pageMs / cliMs).toFixed(2)}x` : '?';
    const loads = loadComparisons(page, stats);
    const runs = r.runs.map((run) => {
      const cli = at(run.label, big);
      return { run, cli: cli?.status === 'done' ? cli.totalMs : undefined };
    });
    add(
      'Chromium, one tab: load, gray-cahd, PTA k = 100, PatternKa k = 100 within 1.5x their CLI times',
      [
        ...loads.map((l) => `${l.what} ${ratio(l.pageMs, l.cliMs)} of ${l.cli}`),
        ...runs.map(({ run, cli }) => `${run.label} ${ratio(run.wallMs, cli)}`),
      ].join(', '),
      loads.every((l) => l.cliMs !== undefined && l.pageMs <= 1.5 * l.cliMs) &&
        runs.every(({ run, cli }) => cli !== undefined && run.wallMs <= 1.5 * cli),
    );
    add('page memory under 4 GB', `peak ${r.peakMb.toFixed(0)} MB`, r.peakMb < 4000);
    const longest = Math.max(0, ...r.longTasks);
    const mostCpu = (tasks: { cpuMs: number }[]) => Math.max(0, ...tasks.map((t) => t.cpuMs)).toFixed(0);
    add(
      'no main-thread task over 200 ms',
      `longest ${longest.toFixed(0)} ms (observer calibrated: ${r.observerCalibrated ? 'yes' : 'no'}); most CPU time in one task during the load ${mostCpu(r.loadTasks ?? [])} ms, during the runs ${mostCpu(r.runs.flatMap((run) => run.tracedTasks ?? []))} ms`,
      r.observerCalibrated ? longest <= 200 : undefined,
    );
    if (page.sweep) {
      const { one, two, longer } = page.sweep;
      const ratio = (pair: { one: PageSweep; two: PageSweep }) =>
        `${sec(pair.one.wallMs)} / ${sec(pair.two.wallMs)} = ${sweepSpeedUp(pair).toFixed(2)}x`;
      add(
        '16-run sweep in the page at least 1.7x faster on 2 workers than on 1',
        `short runs ${ratio({ one, two })} (load average ${one.load[0].toFixed(1)} to ${two.load[1].toFixed(1)})` +
          (longer ? `; longer runs ${ratio(longer)}` : ''),
        sweepSpeedUp({ one, two }) >= 1.7,
      );
    }
  }

  const onRetail = [...outcomes].map(([label, byFile]) => ({ label, o: byFile.get(retail) }));
  const late = onRetail.filter(
    ({ o }) => o && (o.status === 'over limit' || o.status === 'failed' || o.totalMs > 120_000),
  );
  add(
    'retail shape: every method finishes or refuses with a reason within 2 minutes',
    late.length === 0
      ? `slowest ${sec(Math.max(...onRetail.map(({ o }) => o?.totalMs ?? 0)))}`
      : late.map(({ label, o }) => `${label} ${describe(o)}`).join(', '),
    onRetail.length > 0 && late.length === 0,
  );
  const coat = at('coat k=5 m=2', retail);
  add(
    'retail shape: COAT k = 5, m = 2 verifies within 60 s',
    describe(coat),
    coat === undefined ? undefined : coat.status === 'done' && coat.totalMs <= 60_000,
  );
  lines.push('');
  return lines;
}
