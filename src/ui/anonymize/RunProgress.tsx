/**
 * The run under way, phase by phase (core/run/runPhases.ts: running, verifying, measuring,
 * publishing): the phases done, the one under way with its progress and step, the time so far,
 * and Cancel.
 */
import { useEffect, useState } from 'react';
import { RUN_PHASES } from '../../core/run/runPhases.ts';
import { formatDuration } from '../widgets/metricText.ts';
import { useRuns, type RunningState } from './runStore.ts';

export function RunProgress() {
  const running = useRuns((s) => s.running);
  const cancel = useRuns((s) => s.cancel);
  return running ? <Phases running={running} onCancel={cancel} /> : null;
}

function Phases({ running, onCancel }: { running: RunningState; onCancel(): void }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const at = Math.max(0, RUN_PHASES.indexOf(running.phase as (typeof RUN_PHASES)[number]));
  return (
    <div className="run-progress" data-testid="run-progress" data-phase={running.phase}>
      <ol className="phases">
        {RUN_PHASES.map((phase, i) => (
          <li
            key={phase}
            data-testid={`run-phase-${phase}`}
            data-state={i < at ? 'done' : i === at ? 'active' : 'pending'}
            className={i < at ? 'done' : i === at ? 'active' : ''}
          >
            {phase}
          </li>
        ))}
      </ol>
      <progress max={1} value={running.fraction} />
      <span className="muted small">
        {running.step ? `${running.step} · ` : ''}
        {formatDuration(Math.max(0, now - running.startedAt))}
      </span>
      <button type="button" onClick={onCancel} data-testid="cancel-run">
        Cancel
      </button>
    </div>
  );
}
