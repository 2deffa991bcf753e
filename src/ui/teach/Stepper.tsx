/**
 * The stepper: first / previous / next / last, play and pause at a speed, "step i of n", the keys
 * ← and →, the step drawn (StepView), a link to this very step, and a presentation mode that fills
 * the window with large type for a projector (Esc leaves it). The cursor lives in the Teach state,
 * so that the link, the keys and the buttons move one and the same step.
 */
import { useEffect, useState } from 'react';
import type { Trace } from '../../core/teach/trace.ts';
import { StepView } from './StepView.tsx';
import { SPEEDS, usePlayer } from './usePlayer.ts';

export function Stepper({
  trace,
  cursor,
  onCursor,
  link,
  caption,
}: {
  trace: Trace;
  cursor: number;
  onCursor: (step: number) => void;
  /** The address of this step (the page's URL with its hash). */
  link: string;
  /** What is being stepped through, in a line (method, data, parameters). */
  caption: string;
}) {
  const count = trace.steps.length;
  const at = Math.min(cursor, count - 1);
  const { playing, setPlaying, speed, setSpeed } = usePlayer(count, at, onCursor);
  const [presenting, setPresenting] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!presenting) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setPresenting(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [presenting]);
  const copy = () => {
    void navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section className={`stepper${presenting ? ' presenting' : ''}`} data-testid="stepper">
      <div className="stepper-bar">
        <button
          type="button"
          data-testid="teach-first"
          onClick={() => onCursor(0)}
          disabled={at === 0}
          title="First step (Home)"
        >
          « First
        </button>
        <button
          type="button"
          data-testid="teach-prev"
          onClick={() => onCursor(at - 1)}
          disabled={at === 0}
          title="Previous step (←)"
        >
          ◀ Back
        </button>
        <span className="counter" data-testid="teach-step" aria-live="polite">
          step {at + 1} of {count}
        </span>
        <button
          type="button"
          data-testid="teach-next"
          onClick={() => onCursor(at + 1)}
          disabled={at >= count - 1}
          title="Next step (→)"
        >
          Next ▶
        </button>
        <button
          type="button"
          data-testid="teach-last"
          onClick={() => onCursor(count - 1)}
          disabled={at >= count - 1}
          title="Last step (End)"
        >
          Last »
        </button>
        <button
          type="button"
          data-testid="teach-play"
          className={playing ? 'playing' : ''}
          onClick={() => {
            if (!playing && at >= count - 1) onCursor(0);
            setPlaying(!playing);
          }}
        >
          {playing ? '⏸ Pause' : '▶ Play'}
        </button>
        <label className="speed">
          every
          <select data-testid="teach-speed" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
            {SPEEDS.map((ms) => (
              <option key={ms} value={ms}>
                {ms / 1000} s
              </option>
            ))}
          </select>
        </label>
        <span className="spacer" />
        <button type="button" data-testid="teach-copy-link" onClick={copy} title={link}>
          {copied ? 'Link copied' : 'Copy link'}
        </button>
        <button type="button" data-testid="teach-present" onClick={() => setPresenting(!presenting)}>
          {presenting ? 'Exit (Esc)' : 'Present'}
        </button>
      </div>
      {presenting && <p className="stepper-caption">{caption}</p>}
      <StepView step={trace.steps[at]} big={presenting} />
      <progress className="stepper-progress" max={count - 1 || 1} value={at} aria-hidden />
    </section>
  );
}
