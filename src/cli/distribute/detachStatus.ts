/**
 * `distribute --status DIR` (issue 42): where the detached run in DIR is. It reads DIR/detached.json
 * (detach.ts; each task's current array job, the current merge job, the retries made), the tasks'
 * attempt files first, squeue (`-t all`: what Slurm still knows, MinJobAge after an end) second,
 * sacct last (a task squeue forgot; when the cluster keeps accounting: slurmAccounting.ts):
 * - `state`: running (tasks pending, running, or failed and waiting for the merge job to retry
 *   them), merging (every task done, the merge job not ended), done (the release's path and its
 *   verifier's verdict) or failed (the merge job failed: bad input, retries spent, the verifier;
 *   or it was cancelled or lost);
 * - `tasks`: counts; `failed`: each failed task's own reason as it stands (part -1: the merge job);
 * - `retried`: every retry the merge jobs made, with the failed attempt's reason;
 * - `merge`: the current merge job's id, Slurm state and pending reason.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readDetached, type Detached } from './detach.ts';
import { taskEnd } from './detachRetry.ts';
import { accounting, lostReason, type Accounting } from './slurmAccounting.ts';
import { exitCode } from './slurmEngine.ts';
import { queueOf, type QueuedTask } from './slurmQueue.ts';
import { attemptReason } from './taskReason.ts';

type TaskState = 'pending' | 'running' | 'done' | 'failed';

export interface StatusOutput {
  workDir: string;
  state: 'running' | 'merging' | 'done' | 'failed';
  arrayJob: string;
  tasks: Record<TaskState, number>;
  failed: { part: number; reason: string }[];
  retried: Detached['retried'];
  merge: { job: string; state: string; reason?: string };
  release?: { path: string | null; verified: boolean };
}

/** Where the detached run in `given` is. */
export function distributeStatus(given: string): StatusOutput {
  const workDir = resolve(given);
  const state = readDetached(workDir, `--status ${given}`);
  const jobs = [...new Set(state.tasks.map((t) => t.job))];
  let queue: QueuedTask[] | null;
  try {
    queue = queueOf([...jobs, state.merge]);
  } catch {
    queue = null; // no Slurm client answers here: the files alone say what they can
  }
  let sacct: Accounting | undefined;
  const asked = () => (sacct ??= accounting([...jobs, state.merge]));
  const tasks: Record<TaskState, number> = { pending: 0, running: 0, done: 0, failed: 0 };
  const failed: StatusOutput['failed'] = [];
  for (const t of state.tasks) {
    const end = taskEnd(t, queue, asked);
    const verdict: TaskState =
      end.kind === 'done'
        ? 'done'
        : end.kind === 'failed'
          ? 'failed'
          : end.state === 'PENDING'
            ? 'pending'
            : 'running';
    tasks[verdict] += 1;
    if (end.kind === 'failed') failed.push({ part: t.part, reason: end.reason });
  }
  const mergeDir = join(workDir, 'merge', state.merge);
  const mq = queue?.find((e) => e.job === state.merge && e.index === -1);
  const exit = exitCode(mergeDir);
  const merge: StatusOutput['merge'] = {
    job: state.merge,
    state:
      mq?.state ?? (exit === null ? 'unknown (no longer in squeue)' : exit === 0 ? 'COMPLETED' : 'FAILED'),
    ...(mq?.reason && mq.reason !== 'None' && { reason: mq.reason }),
  };
  const base = { workDir, arrayJob: state.array, tasks, failed, retried: state.retried, merge };
  if (exit === 0) {
    const record = JSON.parse(readFileSync(join(mergeDir, 'record.json'), 'utf8')) as { verified: boolean };
    return { ...base, state: 'done', release: { path: state.out ?? null, verified: record.verified } };
  }
  if (exit !== null) {
    failed.push({ part: -1, reason: `the merge job: ${attemptReason(mergeDir, `exit code ${exit}`)}` });
    return { ...base, state: 'failed' };
  }
  if (mq?.state === 'CANCELLED' || (queue !== null && !mq)) {
    const reason = mq ? 'cancelled by scancel or an administrator' : lostReason(state.merge, -1, asked());
    failed.push({ part: -1, reason: `the merge job: ${reason}` });
    return { ...base, state: 'failed' };
  }
  return { ...base, state: tasks.done === state.tasks.length ? 'merging' : 'running' };
}
