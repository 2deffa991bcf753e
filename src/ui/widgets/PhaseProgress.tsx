/**
 * A wait shown whole, phase by phase: the phases done, the one under way with its progress (a bar
 * that moves when the work tells its share done, an indeterminate one otherwise) and what it is
 * doing, the time so far, and Cancel. The Anonymize tab's run (RunProgress.tsx) and the Check tab
 * (CheckPage.tsx) show their waits with it; `testIdPrefix` names its parts (`run` gives
 * `run-progress`, `run-phase-verifying`, `cancel-run`).
 */
import { useEffect, useState } from 'react';
import { formatDuration } from './metricText.ts';

export interface PhaseProgressProps {
  phases: readonly string[];
  /** The phase under way (one of `phases`). */
  phase: string;
  /** The share of the phase done, when the work tells it. */
  fraction?: number;
  /** What the phase is doing (a metric's id, a file). */
  step?: string;
  /** When the wait began (performance.now()). */
  startedAt: number;
  onCancel(): void;
  testIdPrefix: string;
}

export function PhaseProgress({
  phases,
  phase,
  fraction,
  step,
  startedAt,
  onCancel,
  testIdPrefix,
}: PhaseProgressProps) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const at = Math.max(0, phases.indexOf(phase));
  return (
    <div className="run-progress" data-testid={`${testIdPrefix}-progress`} data-phase={phase}>
      <ol className="phases">
        {phases.map((name, i) => (
          <li
            key={name}
            data-testid={`${testIdPrefix}-phase-${name}`}
            data-state={i < at ? 'done' : i === at ? 'active' : 'pending'}
            className={i < at ? 'done' : i === at ? 'active' : ''}
          >
            {name}
          </li>
        ))}
      </ol>
      {fraction === undefined ? <progress /> : <progress max={1} value={fraction} />}
      <span className="muted small" data-testid={`${testIdPrefix}-elapsed`}>
        {step ? `${step} · ` : ''}
        {formatDuration(Math.max(0, now - startedAt))}
      </span>
      <button type="button" onClick={onCancel} data-testid={`cancel-${testIdPrefix}`}>
        Cancel
      </button>
    </div>
  );
}
