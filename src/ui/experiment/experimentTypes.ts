/** An experiment as the page keeps it: its spec, where it ran, and its runs in spec order. */
import type { SweepRun } from '../../core/experiment/results.ts';
import type { SweepSpec } from '../../core/experiment/sweep.ts';

export interface Experiment {
  id: string;
  name: string;
  datasetName: string;
  spec: SweepSpec;
  /** One slot per expanded run; null until the run has finished. */
  runs: (SweepRun | null)[];
  status: 'running' | 'done' | 'cancelled' | 'imported' | 'interrupted';
  createdAt: number;
  /** Wall-clock time of the sweep, when it ended. */
  wallMs?: number;
}
