/**
 * The two-node test cluster (test/slurm/cluster.sh) for a test file: why it cannot run here (or
 * null), started before the file's tests and stopped after them (SLURM_CONF pointing at it), and
 * a wait for a condition the cluster brings about.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { SPAWNS_LIMIT_MS } from '../limits.ts';

const CLUSTER = 'test/slurm/cluster.sh';

export function cluster(...args: string[]) {
  return spawnSync('bash', [CLUSTER, ...args], { encoding: 'utf8' });
}

/** Why the cluster cannot run here, or null: Slurm installed (or installable) and we are root. */
export function slurmUnavailable(): string | null {
  const installed = ['slurmctld', 'slurmd', 'munged', 'sbatch'].every(
    (c) => spawnSync('sh', ['-c', `command -v ${c}`]).status === 0,
  );
  if (process.getuid?.() !== 0) return 'the test cluster runs its daemons as root';
  if (!installed && spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0)
    return 'slurm-wlm is not installed and there is no apt-get';
  return null;
}

/** Starts a cluster under `state` before the file's tests, stops it after them. */
export function useTestCluster(state: string): void {
  beforeAll(() => {
    const started = cluster('start', state);
    if (started.status !== 0) throw new Error(`the test cluster did not start: ${started.stderr}`);
    process.env.SLURM_CONF = `${state}/slurm.conf`;
  }, SPAWNS_LIMIT_MS);

  afterAll(() => {
    cluster('stop', state);
    delete process.env.SLURM_CONF;
  }, SPAWNS_LIMIT_MS);
}

/** Whether `what` holds within `limitMs` (polled every 250 ms). */
export async function until(what: () => boolean, limitMs: number): Promise<boolean> {
  for (const end = Date.now() + limitMs; Date.now() < end;) {
    if (what()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return what();
}
