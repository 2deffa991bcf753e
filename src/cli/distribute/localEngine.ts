/**
 * `--engine local`: the partitions' tasks as processes on this machine, `workers` at a time, each
 * retried up to `retries` times in a fresh attempt directory. The reference the cluster engines are
 * compared with: the same tasks, the same merge.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  BAD_INPUT,
  secondsSince,
  TaskFailed,
  type EngineOptions,
  type EngineTask,
  type TaskOutcome,
} from './engine.ts';
import { killGroup, onInterrupt } from './interrupt.ts';
import { childCpuSeconds, inAttempt, TASK_SCRIPT } from './shellTask.ts';
import { exitInWords, failureReason } from './taskReason.ts';

/** The running tasks' process groups (each task is a detached shell): a signal ends them all. */
const running = new Set<number>();

export async function runLocal(tasks: readonly EngineTask[], options: EngineOptions): Promise<TaskOutcome[]> {
  const started = performance.now();
  const outcomes: TaskOutcome[] = [];
  let next = 0;
  let failed: Error | null = null;
  const runOne = async (task: EngineTask): Promise<TaskOutcome> => {
    for (let attempt = 1; ; attempt++) {
      const dir = join(task.dir, `attempt-${attempt}`);
      mkdirSync(dir, { recursive: true });
      options.log(`partition ${task.part}: attempt ${attempt} started`);
      const { code, signal, stderr } = await runShell(dir, inAttempt(task.argv, dir));
      if (code === 0) {
        const cpu = childCpuSeconds(dir);
        options.log(
          `partition ${task.part}: done after ${secondsSince(started)} s${cpu === null ? '' : `, ${cpu.toFixed(2)} CPU s`}`,
        );
        return { part: task.part, dir, cpuSeconds: cpu, attempts: attempt };
      }
      const why = failureReason(stderr, exitInWords(code, signal));
      if (code === BAD_INPUT) throw new TaskFailed(`partition ${task.part}: ${why}`);
      if (attempt > options.retries)
        throw new TaskFailed(`partition ${task.part} failed ${attempt} times; the last: ${why}`);
      options.log(`partition ${task.part}: attempt ${attempt} failed (${why}); retrying`);
    }
  };
  const worker = async () => {
    while (next < tasks.length && !failed) {
      const task = tasks[next++];
      try {
        outcomes.push(await runOne(task));
      } catch (error) {
        failed ??= error as Error;
      }
    }
  };
  const dispose = onInterrupt(() => {
    for (const pid of running) killGroup(pid);
  });
  try {
    await Promise.all(Array.from({ length: Math.min(options.workers, tasks.length) }, worker));
  } finally {
    dispose();
  }
  if (failed) throw failed;
  return outcomes.sort((a, b) => a.part - b.part);
}

function runShell(
  dir: string,
  argv: readonly string[],
): Promise<{ code: number; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Detached: its own process group, which a signal to the driver ends whole (interrupt.ts).
    const child = spawn('bash', ['-c', TASK_SCRIPT, 'task', dir, ...argv], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    if (child.pid !== undefined) running.add(child.pid);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-16_000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (child.pid !== undefined) running.delete(child.pid);
      resolve({ code: code ?? 128, signal, stderr });
    });
  });
}
