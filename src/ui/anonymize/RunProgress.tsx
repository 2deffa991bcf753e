/**
 * The run under way, phase by phase (core/run/runPhases.ts: running, verifying, measuring,
 * publishing): the phases done, the one under way with its progress and step, the time so far,
 * and Cancel (widgets/PhaseProgress.tsx).
 */
import { RUN_PHASES } from '../../core/run/runPhases.ts';
import { PhaseProgress } from '../widgets/PhaseProgress.tsx';
import { useRuns } from './runStore.ts';

export function RunProgress() {
  const running = useRuns((s) => s.running);
  const cancel = useRuns((s) => s.cancel);
  return running ? (
    <PhaseProgress
      phases={RUN_PHASES}
      phase={running.phase}
      fraction={running.fraction}
      step={running.step}
      startedAt={running.startedAt}
      onCancel={cancel}
      testIdPrefix="run"
    />
  ) : null;
}
