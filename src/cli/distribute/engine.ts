/**
 * What `distribute` hands an engine (issue 35): one task per partition, a command line that
 * writes its outputs into a fresh directory per attempt (ATTEMPT_DIR in the command is replaced
 * by it, so a lost attempt still running somewhere never writes over the one that counts), and
 * what comes back: the directory of the attempt that succeeded, the CPU seconds it took, how many
 * attempts it took. A task that keeps failing fails the whole run with its reason.
 */
import { CliError } from '../cliError.ts';

export const ENGINES = ['local', 'dask', 'slurm'] as const;
export type EngineName = (typeof ENGINES)[number];

/** Replaced in a task's command line by the directory of the attempt. */
export const ATTEMPT_DIR = '{attempt}';

export interface EngineTask {
  /** The partition, from 0. */
  readonly part: number;
  /** The command line; its standard output goes to ATTEMPT_DIR/record.json. */
  readonly argv: readonly string[];
  /** Where the task's attempts make their directories. */
  readonly dir: string;
}

export interface TaskOutcome {
  readonly part: number;
  /** The directory of the attempt that succeeded. */
  readonly dir: string;
  /** User + system CPU seconds of the attempt that succeeded (null where the engine cannot tell). */
  readonly cpuSeconds: number | null;
  readonly attempts: number;
}

export interface EngineOptions {
  /** Tasks run at once (Dask: the LocalCluster's workers; Slurm: the array's throttle). */
  readonly workers: number;
  /** Attempts after the first, for a task that fails. */
  readonly retries: number;
  /** Dask: a running scheduler's address (none: a LocalCluster of `workers` workers). */
  readonly scheduler?: string;
  /** Where the engine's own files go (Dask's manifest, Slurm's script). */
  readonly workDir: string;
  /** Progress, one line each, on stderr. */
  readonly log: (line: string) => void;
}

/**
 * A task that kept failing, or failed on bad input (its exit code 2: the same input fails the same
 * way, so it is not retried): the run fails with its reason and writes nothing.
 */
export class TaskFailed extends CliError {}

/** The exit code of a CLI task that failed on its input or arguments (DESIGN.md sec. 6). */
export const BAD_INPUT = 2;

/** The wall-clock seconds since `started` (performance.now()), for the progress lines. */
export const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(1);
