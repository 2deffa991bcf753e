/**
 * What Slurm's accounting (`sacct`) says of an array task that left squeue (issue 42): its final
 * state (CANCELLED, FAILED, NODE_FAIL, TIMEOUT, OUT_OF_MEMORY, PREEMPTED...), its exit code and
 * node, as the reason a lost task is reported (and retried) with. A cluster without accounting
 * storage (no slurmdbd: `AccountingStorageType=accounting_storage/none`, as the test cluster and
 * many small sites) answers "Slurm accounting storage is disabled": then only squeue (within the
 * cluster's MinJobAge) and the task's own files speak, and the reason says that sacct could not.
 * Parsed here from `sacct -n -P -X -o JobID,State,ExitCode,NodeList` (one line per allocation,
 * `|`-separated), so the parsing is tested on recorded text.
 */
import { spawnSync } from 'node:child_process';

/** One array task's (or job's) final word in accounting. */
export interface AccountedTask {
  /** Slurm's state, without its `by UID` tail (`CANCELLED by 0`: CANCELLED). */
  readonly state: string;
  /** Who cancelled it (a uid), when Slurm says. */
  readonly by?: string;
  /** `code:signal`, as sacct prints it. */
  readonly exitCode: string;
  readonly node: string;
}

/** Slurm's final states in words (`man sacct`, JOB STATE CODES). */
export const STATE_WORDS: Readonly<Record<string, string>> = {
  CANCELLED: 'cancelled by scancel or an administrator',
  FAILED: 'its job script ended with a non-zero exit code',
  NODE_FAIL: 'its node failed',
  TIMEOUT: 'it reached its time limit (--time)',
  OUT_OF_MEMORY: 'it ran out of memory (--mem)',
  PREEMPTED: 'a job of higher priority preempted it',
  BOOT_FAIL: 'its node failed to boot',
  DEADLINE: 'it reached its deadline',
};

/**
 * `sacct -n -P -X -o JobID,State,ExitCode,NodeList`'s lines, by JobID (`812_3` for an array task,
 * `813` for a job). Steps (`812_3.batch`) and an array's unstarted remainder (`812_[4-7]`) are
 * left out: they are not one task's word.
 */
export function parseSacct(text: string): Map<string, AccountedTask> {
  const tasks = new Map<string, AccountedTask>();
  for (const line of text.split('\n')) {
    const [id, stateField, exitCode, node] = line.trim().split('|');
    if (node === undefined || !/^\d+(_\d+)?$/.test(id)) continue;
    const [, state, by] = /^(\S+)(?: by (\d+))?/.exec(stateField) ?? [];
    if (!state) continue;
    tasks.set(id, {
      state,
      ...(by !== undefined && { by }),
      exitCode,
      node: node === 'None assigned' ? '' : node,
    });
  }
  return tasks;
}

export type Accounting =
  | { readonly available: true; readonly tasks: ReadonlyMap<string, AccountedTask> }
  | { readonly available: false; readonly why: string };

/** What sacct says of `jobs`, or why it says nothing (no accounting storage, no sacct). */
export function accounting(jobs: readonly string[]): Accounting {
  const r = spawnSync(
    'sacct',
    ['-n', '-P', '-X', '-j', jobs.join(','), '-o', 'JobID,State,ExitCode,NodeList'],
    {
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  if (r.error) return { available: false, why: `sacct failed to run (${r.error.message})` };
  if (r.status !== 0)
    return { available: false, why: `sacct: ${(r.stderr || `exit code ${r.status}`).trim().split('\n')[0]}` };
  return { available: true, tasks: parseSacct(r.stdout) };
}

/** An accounted task's end in one line: `sacct: TIMEOUT on node n1 (exit 0:15): it reached its time limit (--time)`. */
export function accountedReason(t: AccountedTask): string {
  const words = STATE_WORDS[t.state];
  return `sacct: ${t.state}${t.by ? ` by uid ${t.by}` : ''}${t.node ? ` on node ${t.node}` : ''} (exit ${t.exitCode})${words ? `: ${words}` : ''}`;
}

/**
 * Why array task `job_index` (index -1: a job) that left squeue with no result ended: sacct's
 * state when the cluster keeps accounting, else the loss said plainly with why sacct could not tell.
 */
export function lostReason(job: string, index: number, sacct: Accounting = accounting([job])): string {
  const id = index < 0 ? job : `${job}_${index}`;
  if (sacct.available) {
    const t = sacct.tasks.get(id);
    if (t) return accountedReason(t);
    return `job ${id} left Slurm's queue with no result (lost; sacct does not know it)`;
  }
  return `job ${id} left Slurm's queue with no result (lost; ${sacct.why})`;
}
