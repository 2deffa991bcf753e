/**
 * `--engine slurm`: the partitions' tasks as one Slurm job array (sbatch), a task per array
 * index, at most `workers` at once (`--array=0-N%W`). Each array task runs its partition's command
 * in a fresh attempt directory, retried up to `retries` times there (Slurm requeues a task whose
 * node fails; a task that fails by itself is retried by the script). `sbatch --wait` returns when
 * the whole array has ended; then every partition's last attempt must hold its `done` mark, or the
 * run fails naming the partition and the last line of its error. `--dry-run` prints the script
 * and submits nothing. The work directory must be on a file system every node sees.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../cliError.ts';
import { secondsSince, TaskFailed, type EngineOptions, type EngineTask, type TaskOutcome } from './engine.ts';
import { childCpuSeconds, shellQuote, TASK_SCRIPT } from './shellTask.ts';

/** The job-array script for `tasks`. */
export function slurmScript(
  tasks: readonly EngineTask[],
  options: Pick<EngineOptions, 'workers' | 'retries' | 'workDir'>,
): string {
  // Array index i runs tasks[i] (a partition without a task, run by the driver, has no index).
  const cases = tasks.map(
    (task, i) =>
      `  ${i}) part=${task.part}; dir=${shellQuote(task.dir)}; set -- ${task.argv.map(shellQuote).join(' ')} ;;`,
  );
  return [
    '#!/bin/bash',
    `#SBATCH --job-name=txanon-distribute`,
    `#SBATCH --array=0-${tasks.length - 1}%${options.workers}`,
    `#SBATCH --ntasks=1`,
    `#SBATCH --cpus-per-task=1`,
    `#SBATCH --requeue`,
    `#SBATCH --output=${options.workDir}/slurm-%A_%a.out`,
    '# txanon distribute: one partition per array task (issue 35); written by the CLI.',
    'set -u',
    'case "$SLURM_ARRAY_TASK_ID" in',
    ...cases,
    '  *) echo "no partition $SLURM_ARRAY_TASK_ID" >&2; exit 2 ;;',
    'esac',
    `for try in $(seq 1 ${options.retries + 1}); do`,
    '  attempt="$dir/attempt-${SLURM_ARRAY_JOB_ID}-${SLURM_RESTART_COUNT:-0}-$try"',
    '  mkdir -p "$attempt"',
    // `{attempt}` (ATTEMPT_DIR) in the task's words becomes this attempt's directory.
    '  args=(); for a in "$@"; do args+=("${a//\\{attempt\\}/$attempt}"); done',
    '  if bash -c ' + shellQuote(TASK_SCRIPT) + ' task "$attempt" "${args[@]}" 2> "$attempt/stderr"; then',
    '    touch "$attempt/done"; exit 0',
    '  fi',
    '  echo "partition $part: attempt $try failed: $(tail -n 1 "$attempt/stderr")" >&2',
    'done',
    'exit 1',
    '',
  ].join('\n');
}

export async function runSlurm(tasks: readonly EngineTask[], options: EngineOptions): Promise<TaskOutcome[]> {
  const script = join(options.workDir, 'txanon-array.sh');
  writeFileSync(script, slurmScript(tasks, options), { mode: 0o755 });
  const started = performance.now();
  options.log(
    `slurm: submitting ${script} (${tasks.length} array tasks, at most ${options.workers} at once)`,
  );
  const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve, reject) => {
    const child = spawn('sbatch', ['--parsable', '--wait', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stdout.on('data', (c: Buffer) => options.log(`slurm: job ${c.toString().trim()} submitted`));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (e) =>
      reject(
        new CliError(
          `--engine slurm needs sbatch on PATH (${(e as Error).message}); --dry-run prints the script`,
        ),
      ),
    );
    child.on('close', (c) => resolve({ code: c ?? 1, stderr: err }));
  });
  options.log(`slurm: the array ended after ${secondsSince(started)} s (sbatch exit code ${code})`);
  return tasks.map((task) => {
    const attempts = existsSync(task.dir)
      ? readdirSync(task.dir)
          .filter((n) => n.startsWith('attempt-'))
          .sort()
      : [];
    const done = attempts.find((n) => existsSync(join(task.dir, n, 'done')));
    if (!done) {
      const last = attempts.at(-1);
      const why = last
        ? lastLine(join(task.dir, last, 'stderr'))
        : `it never started (${stderr.trim() || 'no message'})`;
      throw new TaskFailed(`partition ${task.part} failed after ${attempts.length} attempts: ${why}`);
    }
    const dir = join(task.dir, done);
    return { part: task.part, dir, cpuSeconds: childCpuSeconds(dir), attempts: attempts.length };
  });
}

function lastLine(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim().split('\n').pop() ?? '';
  } catch {
    return 'no error message';
  }
}
