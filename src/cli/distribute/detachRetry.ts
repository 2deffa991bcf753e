/**
 * Retries in a detached Slurm run (issue 42), the HPC idiom: no driver watches the array, so its
 * merge job does. It is submitted `--dependency=afterany:ARRAY` (detach.ts), so it starts once
 * every array task has ended, well or not, and before it merges it looks at each task:
 * - done (a `done` attempt): nothing to do;
 * - failed on its input (exit code 2): never retried; the run fails with the task's own message;
 * - failed otherwise (its exit code and the real reason from its stderr: taskReason.ts), or ended
 *   by Slurm without a result (cancelled, a node failure, a time or memory limit: squeue's state
 *   within MinJobAge, else sacct's when the cluster keeps accounting, else "lost" saying why sacct
 *   could not tell: slurmAccounting.ts): submitted again, up to `--retries` times, as a new array
 *   of just those indices, with a new merge job `afterany` it; this merge job then ends, its
 *   record saying what it resubmitted. After `--retries`, the run fails naming the partition, its
 *   attempts and the last reason, as an attached run does (slurmEngine.ts).
 * DIR/detached.json keeps each task's array job and tries, the current merge job and every retry
 * with its reason (what `--status DIR` shows). The merge job needs sbatch on its node (most sites'
 * compute nodes have the Slurm clients; the jobs' environment is the submit shell's).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../cliError.ts';
import { BAD_INPUT } from './engine.ts';
import {
  ARRAY_SCRIPT,
  attemptsIn,
  MERGE_SCRIPT,
  readDetached,
  submitJob,
  writeDetached,
  type Detached,
} from './detach.ts';
import { accounting, lostReason, STATE_WORDS, type Accounting } from './slurmAccounting.ts';
import { exitCode } from './slurmEngine.ts';
import { ENDED, queueOf, type QueuedTask } from './slurmQueue.ts';
import { attemptReason } from './taskReason.ts';

type DetachedTask = Detached['tasks'][number];

/** A detached task now: done, still in Slurm's hands (its state), or failed (why). */
export type TaskEnd =
  | { kind: 'done' }
  | { kind: 'active'; state: string }
  | { kind: 'failed'; reason: string; badInput: boolean };

/**
 * A task's end from its files first, Slurm's word second: `queue` is squeue's (null: squeue did
 * not answer), `sacct` asked only for a task squeue no longer knows.
 */
export function taskEnd(
  t: DetachedTask,
  queue: readonly QueuedTask[] | null,
  sacct: () => Accounting,
): TaskEnd {
  const all = attemptsIn(t.dir);
  if (all.some((n) => existsSync(join(t.dir, n, 'done')))) return { kind: 'done' };
  const mine = all.filter((n) => n.startsWith(`attempt-${t.job}_${t.index}-`));
  const last = mine.length ? join(t.dir, mine.at(-1)!) : null;
  const code = last ? exitCode(last) : null;
  // An exit code above 128 is a signal's (Slurm's scancel, a limit): Slurm's state says more.
  if (last && code !== null && code !== 0 && code <= 128)
    return { kind: 'failed', reason: attemptReason(last, `exit code ${code}`), badInput: code === BAD_INPUT };
  if (queue === null)
    return last ? { kind: 'active', state: 'RUNNING' } : { kind: 'active', state: 'unknown' };
  const q = queue.find((e) => e.job === t.job && e.index === t.index);
  if (!q) return { kind: 'failed', reason: lostReason(t.job, t.index, sacct()), badInput: false };
  if (!ENDED.has(q.state) || q.state === 'COMPLETED') return { kind: 'active', state: q.state };
  const words = STATE_WORDS[q.state];
  const said = `Slurm ended it ${q.state}${q.node ? ` on node ${q.node}` : ''}${words ? `: ${words}` : ''}`;
  return { kind: 'failed', reason: last ? attemptReason(last, said) : said, badInput: false };
}

/** What a merge job that resubmitted prints instead of a release's record. */
export interface Resubmitted {
  engine: 'slurm';
  detached: true;
  workDir: string;
  arrayJob: string;
  mergeJob: string;
  resubmitted: { part: number; attempt: number; reason: string }[];
}

/**
 * The merge job's first step: null when every task is done (merge now), a Resubmitted record when
 * failed tasks were submitted again (this merge job ends), a CliError when the run cannot end well.
 */
export function superviseDetached(
  workDir: string,
  retries: number,
  log: (line: string) => void,
): Resubmitted | null {
  const state = readDetached(workDir, `--merge ${workDir}`);
  const jobs = [...new Set(state.tasks.map((t) => t.job))];
  let queue: QueuedTask[] | null;
  try {
    queue = queueOf(jobs);
  } catch {
    queue = null;
  }
  let sacct: Accounting | undefined;
  const again: { task: DetachedTask; reason: string }[] = [];
  for (const t of state.tasks) {
    const end = taskEnd(t, queue, () => (sacct ??= accounting(jobs)));
    if (end.kind === 'done') continue;
    if (end.kind === 'active')
      throw new CliError(
        end.state === 'COMPLETED'
          ? `--merge: partition ${t.part} COMPLETED but ${t.dir} shows no result here: the work directory must be on a file system the nodes share`
          : `--merge: partition ${t.part} is ${end.state}: the merge job ran before its array ended`,
      );
    if (end.badInput) throw new CliError(`partition ${t.part}: ${end.reason}`);
    if (t.tries > retries)
      throw new CliError(`partition ${t.part} failed ${t.tries} times; the last: ${end.reason}`);
    again.push({ task: t, reason: end.reason });
  }
  if (again.length === 0) return null;
  const indices = again.map((a) => a.task.index).join(',');
  const array = submitJob([`--array=${indices}%${state.workers}`, join(workDir, ARRAY_SCRIPT)]);
  const merge = submitJob([`--dependency=afterany:${array}`, join(workDir, MERGE_SCRIPT)]);
  const at = new Date().toISOString();
  const resubmitted = again.map(({ task, reason }) => ({ part: task.part, attempt: task.tries, reason }));
  for (const { task } of again) Object.assign(task, { job: array, tries: task.tries + 1 });
  writeDetached(workDir, {
    ...state,
    merge,
    retried: [...state.retried, ...resubmitted.map((r) => ({ ...r, at }))],
  });
  for (const r of resubmitted)
    log(`partition ${r.part}: attempt ${r.attempt} failed (${r.reason}); retrying in array job ${array}`);
  log(`slurm: merge job ${merge} (afterany:${array}) takes over`);
  return { engine: 'slurm', detached: true, workDir, arrayJob: array, mergeJob: merge, resubmitted };
}
