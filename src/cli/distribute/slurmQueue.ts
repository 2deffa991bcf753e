/**
 * What Slurm says of distribute's array tasks and of its nodes (issue 42), read by polling
 * `squeue` (every state, one line per array task: `-r -t all`, which keeps an ended job for the
 * cluster's MinJobAge) and `sinfo` (one line per node). Parsed here from their `-o` formats, so
 * the engine's decisions (slurmEngine.ts) can be tested on text.
 */
import { spawnSync } from 'node:child_process';
import { CliError } from '../cliError.ts';

/** A job-array task's state: the array's job id, the index (-1: not an array), Slurm's state, its node, its reason. */
export interface QueuedTask {
  readonly job: string;
  readonly index: number;
  readonly state: string;
  readonly node: string;
  readonly reason: string;
}

/** States a job does not leave: it ended, and only its files can say how well. */
export const ENDED = new Set([
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'TIMEOUT',
  'NODE_FAIL',
  'OUT_OF_MEMORY',
  'BOOT_FAIL',
  'DEADLINE',
  'PREEMPTED',
  'SPECIAL_EXIT',
  'REVOKED',
]);

/** Pending reasons that no wait will change: the task must be cancelled and run elsewhere. */
export const STUCK =
  /held|launch failed|ReqNodeNotAvail|BadConstraints|PartitionNodeLimit|PartitionDown|NodeDown/i;

/** `squeue -h -r -t all -o '%F|%K|%T|%N|%r'`'s lines. */
export function parseQueue(text: string): QueuedTask[] {
  return text
    .split('\n')
    .filter((l) => l.includes('|'))
    .map((line) => {
      const [job, index, state, node, reason] = line.split('|');
      // A job that is not an array (a detached run's merge job: detach.ts) has no index (N/A).
      return { job, index: index === 'N/A' ? -1 : Number(index), state, node, reason: reason ?? '' };
    })
    .filter((t) => Number.isInteger(t.index));
}

/** `sinfo -h -N -o '%N|%t'`'s lines: each node's compact state (`idle`, `alloc*`, `down*`...). */
export function parseNodes(text: string): Map<string, string> {
  return new Map(
    text
      .split('\n')
      .filter((l) => l.includes('|'))
      .map((l) => l.split('|') as [string, string]),
  );
}

/**
 * A node no task should wait on: down, failing or drained, or not answering slurmctld's pings
 * (a `*` after its state: sinfo's mark for a node that stopped responding).
 */
export const nodeLost = (state: string | undefined) =>
  state !== undefined && /\*$|^down|^fail|^drain|^drng|^boot/.test(state);

/** Runs a Slurm client command; its standard output, or a CliError naming what it said. */
export function slurmCommand(command: string, args: readonly string[]): string {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw new CliError(`--engine slurm: ${command} failed to run (${r.error.message})`);
  if (r.status !== 0)
    throw new CliError(
      `--engine slurm: ${command} ${args.join(' ')}: ${(r.stderr || `exit code ${r.status}`).trim()}`,
    );
  return r.stdout;
}

/** The array tasks of `jobs` that Slurm still knows (pending, running, or ended within MinJobAge). */
export function queueOf(jobs: readonly string[]): QueuedTask[] {
  if (jobs.length === 0) return [];
  const r = spawnSync('squeue', ['-h', '-r', '-t', 'all', '-j', jobs.join(','), '-o', '%F|%K|%T|%N|%r'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  // squeue refuses a list of jobs it no longer knows at all ("Invalid job id"): none is queued.
  if (r.status !== 0 && /invalid job id/i.test(r.stderr ?? '')) return [];
  if (r.error || r.status !== 0)
    throw new CliError(`--engine slurm: squeue: ${(r.stderr || r.error?.message || '').trim()}`);
  return parseQueue(r.stdout);
}

/** Every node's compact state. */
export const nodeStates = () => parseNodes(slurmCommand('sinfo', ['-h', '-N', '-o', '%N|%t']));

/** Cancels jobs (or array tasks: `123_4`), quietly: what is already gone needs nothing. */
export function cancel(ids: readonly string[]): void {
  if (ids.length > 0) spawnSync('scancel', [...ids], { stdio: 'ignore', timeout: 30_000 });
}

/**
 * Cancels jobs and waits, synchronously (it runs in a signal's cleanup), until Slurm lists none of
 * their tasks as still alive, for at most `limitMs`. A task scancel reaches while it starts can
 * still create its attempt's folder in the work directory; the directory is removed only after.
 */
export function cancelAndWait(ids: readonly string[], limitMs = 20_000): void {
  cancel(ids);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const end = Date.now() + limitMs; Date.now() < end; Atomics.wait(pause, 0, 0, 250)) {
    let alive: QueuedTask[];
    try {
      alive = queueOf(ids).filter((t) => !ENDED.has(t.state));
    } catch {
      return; // squeue cannot answer: nothing more to wait for
    }
    if (alive.length === 0) return;
  }
}
