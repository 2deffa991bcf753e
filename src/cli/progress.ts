/**
 * Progress of a long command on stderr (DESIGN.md sec. 8, "Signals and progress"): one line,
 * redrawn in place, with the stage, a bar (when the stage knows its share done) or a count, what is
 * under way and the time so far; at the end the line is replaced by the stages' times. Written only
 * when stderr is a terminal and `--quiet` is not given: piped, redirected or quiet, a command writes
 * nothing there but its warnings, its errors and its log lines (distribute's partitions, none with
 * `--quiet`), so scripts and logs stay as they were.
 *
 * A command takes it in one line: `withProgress(values, (progress) => work(progress))`, and gives
 * `progress.run` to anything that takes a RunProgress (publishRun, runMethod), `progress.read` to
 * readDataset, or calls `stage` and `count` itself.
 */
import { formatDuration } from '../core/base/format.ts';
import type { RunProgress } from '../core/run/runPhases.ts';
import type { FlagSpec } from './flagSpec.ts';
import type { FlagValues } from './readCommandLine.ts';

/** `--quiet`: the flag of every command that shows progress. */
export const QUIET_FLAG: FlagSpec = {
  name: 'quiet',
  kind: 'boolean',
  help: 'no progress on stderr (progress is written only when stderr is a terminal)',
};

/** The least time between two redraws of the line (a method may report thousands of steps). */
const REDRAW_MS = 100;
/** The bar's width in characters. */
const BAR = 24;

export interface Progress {
  /** A new stage (`reading`, `verifying`, ...); `total` when it counts things (runs, partitions). */
  stage(name: string, total?: number): void;
  /** Within the stage: a share done in [0, 1] (a bar), with what is under way. */
  fraction(share: number, step?: string): void;
  /** Within a counting stage: how many are done. */
  count(done: number, step?: string): void;
  /** A run's progress (core/run/runPhases.ts): its phase is the stage. */
  readonly run: RunProgress;
  /** A parse's progress (bytes read of the file's). */
  readonly read: (bytesDone: number, bytesTotal: number) => void;
  /** A line of the command's log (a partition started, a retry), written above the progress line. */
  line(text: string): void;
  /** Clears the line and writes the stages' times (once; later calls do nothing). */
  end(): void;
}

/** Where the line goes: stderr, or a test's stream. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

/** No progress: the log lines as they are (none with `--quiet`). */
const silent = (log: (text: string) => void): Progress => ({
  stage: () => {},
  fraction: () => {},
  count: () => {},
  run: () => {},
  read: () => {},
  line: log,
  end: () => {},
});

/** The command's progress: a line on a terminal, nothing when piped or with `--quiet`. */
export function progressFor(values: FlagValues, stream: ProgressStream = process.stderr): Progress {
  if (values.boolean('quiet') === true) return silent(() => {});
  if (!stream.isTTY) return silent((text) => stream.write(`${text}\n`));
  return terminalProgress(values.command, stream);
}

/** Runs `work` with the command's progress and ends it, however the work ends. */
export async function withProgress<T>(
  values: FlagValues,
  work: (progress: Progress) => Promise<T> | T,
  stream?: ProgressStream,
): Promise<T> {
  const progress = progressFor(values, stream);
  try {
    return await work(progress);
  } finally {
    progress.end();
  }
}

/** The line itself: `txanon check · verifying [#####-----] 40% · itemsets of 2 · 3.1 s`. */
export function terminalProgress(
  command: string,
  stream: ProgressStream,
  now = () => performance.now(),
): Progress {
  const started = now();
  const stages: { name: string; started: number }[] = [];
  let total: number | undefined;
  let share: number | undefined;
  let done: number | undefined;
  let step: string | undefined;
  let drawn = -Infinity;
  let ended = false;

  const draw = (force = false) => {
    const at = now();
    if (ended || (!force && at - drawn < REDRAW_MS)) return;
    drawn = at;
    const parts = [`txanon ${command}`];
    const stage = stages.at(-1);
    if (stage) parts.push(stage.name);
    if (share !== undefined) {
      const filled = Math.round(Math.min(1, Math.max(0, share)) * BAR);
      parts.push(`[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${Math.floor(100 * share)}%`);
    } else if (done !== undefined) parts.push(total === undefined ? `${done}` : `${done}/${total}`);
    if (step) parts.push(step);
    parts.push(formatDuration(at - started));
    const width = Math.max(40, (stream.columns || 80) - 1);
    const line = parts.join(' · ');
    stream.write(`\r\x1b[K${line.length > width ? `${line.slice(0, width - 1)}…` : line}`);
  };
  // The time goes on while a stage waits (worker threads, a file): redraw it every second.
  const timer = setInterval(() => draw(true), 1000);
  timer.unref?.();

  const progress: Progress = {
    stage(name, count) {
      if (stages.at(-1)?.name === name && count === total) return;
      if (stages.at(-1)?.name !== name) stages.push({ name, started: now() });
      total = count;
      share = undefined;
      done = count === undefined ? undefined : 0;
      step = undefined;
      draw(true);
    },
    fraction(value, what) {
      share = value;
      step = what;
      draw();
    },
    count(value, what) {
      done = value;
      step = what;
      draw(value === total); // the last one is always shown
    },
    run(fraction, phase, what) {
      if (phase !== undefined) progress.stage(phase);
      progress.fraction(fraction, what);
    },
    read(bytesDone, bytesTotal) {
      progress.stage('reading');
      if (bytesTotal > 0) progress.fraction(bytesDone / bytesTotal);
    },
    line(text) {
      stream.write(`\r\x1b[K${text}\n`);
      draw(true);
    },
    end() {
      if (ended) return;
      clearInterval(timer);
      const at = now();
      ended = true;
      const times = stages.map(
        (s, i) => `${s.name} ${formatDuration((stages[i + 1]?.started ?? at) - s.started)}`,
      );
      stream.write(
        `\r\x1b[Ktxanon ${command} · ${formatDuration(at - started)}${times.length > 0 ? ` (${times.join(', ')})` : ''}\n`,
      );
    },
  };
  return progress;
}
