/**
 * Two methods (or two settings of one) side by side on the same data (issue 40): one cursor over
 * the joint walk of both traces (core/teach/alignSteps.ts), so aligned steps move together and the
 * others one side at a time while the other side holds its step (dimmed, "waiting"). Both traces
 * name the rows alike (the same file, the same row names). At its release each side shows the
 * release's loss (KL, IL or NCP, run/teachLoss.ts), and the last tick sets the two side by side.
 * The keys, the link and Present mode work as in the single stepper (Stepper.tsx).
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { jointWalk } from '../../core/teach/alignSteps.ts';
import type { Trace, TraceLoss } from '../../core/teach/trace.ts';
import { PresentFit, useLeaveOnEscape } from './PresentFit.tsx';
import { StepView } from './StepView.tsx';
import { usePlayer } from './usePlayer.ts';

export interface ComparedTrace {
  trace: Trace;
  /** The method and its settings, in a line. */
  caption: string;
}

const formatLoss = (value: number) => (Number.isInteger(value) ? String(value) : value.toPrecision(4));

function Losses({ loss, testId }: { loss: TraceLoss[] | undefined; testId: string }) {
  if (!loss || loss.length === 0) return null;
  return (
    <p className="teach-loss" data-testid={testId}>
      Loss of this release:{' '}
      {loss.map((l, i) => (
        <span key={l.metric} title={l.label} data-metric={l.metric}>
          {i > 0 && ' · '}
          {l.metric.toUpperCase()} = <strong>{formatLoss(l.value)}</strong>
        </span>
      ))}
    </p>
  );
}

export function CompareStepper({
  a,
  b,
  cursor,
  onCursor,
  link,
}: {
  a: ComparedTrace;
  b: ComparedTrace;
  cursor: number;
  onCursor: (tick: number) => void;
  link: string;
}) {
  const ticks = useMemo(() => jointWalk(a.trace.steps, b.trace.steps), [a.trace, b.trace]);
  const count = ticks.length;
  const at = Math.min(cursor, count - 1);
  const tick = ticks[at];
  usePlayer(count, at, onCursor);
  const [presenting, setPresenting] = useState(false);
  useLeaveOnEscape(
    presenting,
    useCallback(() => setPresenting(false), []),
  );
  const [copied, setCopied] = useState(false);
  const atEnd = at === count - 1;
  const pane = (side: 'a' | 'b', { trace, caption }: ComparedTrace): ReactNode => {
    const index = tick[side];
    const waiting = tick.moved !== 'both' && tick.moved !== side;
    const last = index === trace.steps.length - 1;
    return (
      <div className={`compare-pane${waiting ? ' waiting' : ''}`} data-testid={`teach-compare-${side}`}>
        <p className="compare-caption">
          <strong data-testid={`teach-compare-${side}-method`}>{trace.label}</strong> {caption}
        </p>
        <p className="compare-counter" data-testid={`teach-compare-${side}-step`}>
          step {index + 1} of {trace.steps.length}
          {waiting && ' · waiting while the other side takes its own step'}
        </p>
        {last && <Losses loss={trace.loss} testId={`teach-loss-${side}`} />}
        <StepView step={trace.steps[index]} big={presenting} />
      </div>
    );
  };
  const panes = (
    <>
      {atEnd && (
        <table className="compare-losses" data-testid="teach-compare-loss">
          <thead>
            <tr>
              <th>release loss</th>
              <th>{a.trace.label}</th>
              <th>{b.trace.label}</th>
            </tr>
          </thead>
          <tbody>
            {[...new Set([...(a.trace.loss ?? []), ...(b.trace.loss ?? [])].map((l) => l.metric))].map(
              (metric) => {
                const of = (t: Trace) => t.loss?.find((l) => l.metric === metric);
                return (
                  <tr key={metric}>
                    <th title={(of(a.trace) ?? of(b.trace))?.label}>{metric.toUpperCase()}</th>
                    <td>{of(a.trace) ? formatLoss(of(a.trace)!.value) : '—'}</td>
                    <td>{of(b.trace) ? formatLoss(of(b.trace)!.value) : '—'}</td>
                  </tr>
                );
              },
            )}
          </tbody>
        </table>
      )}
      <div className="compare-panes">
        {pane('a', a)}
        {pane('b', b)}
      </div>
    </>
  );
  const button = (testId: string, label: string, to: number, disabled: boolean, title: string) => (
    <button type="button" data-testid={testId} onClick={() => onCursor(to)} disabled={disabled} title={title}>
      {label}
    </button>
  );
  return (
    <section className={`stepper compare${presenting ? ' presenting' : ''}`} data-testid="stepper">
      <div className="stepper-bar">
        {button('teach-first', '« First', 0, at === 0, 'First step (Home)')}
        {button('teach-prev', '◀ Back', at - 1, at === 0, 'Previous step (←)')}
        <span className="counter" data-testid="teach-step" aria-live="polite">
          step {at + 1} of {count}
        </span>
        {button('teach-next', 'Next ▶', at + 1, at >= count - 1, 'Next step (→)')}
        {button('teach-last', 'Last »', count - 1, at >= count - 1, 'Last step (End)')}
        <span className="muted small">
          {tick.moved === 'both'
            ? 'both sides step together'
            : `only ${tick.moved === 'a' ? 'the left' : 'the right'} side steps`}
        </span>
        <span className="spacer" />
        <button
          type="button"
          data-testid="teach-copy-link"
          title={link}
          onClick={() =>
            void navigator.clipboard?.writeText(link).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Link copied' : 'Copy link'}
        </button>
        <button type="button" data-testid="teach-present" onClick={() => setPresenting(!presenting)}>
          {presenting ? 'Exit (Esc)' : 'Present'}
        </button>
      </div>
      {presenting ? <PresentFit>{panes}</PresentFit> : panes}
      <progress className="stepper-progress" max={count - 1 || 1} value={at} aria-hidden />
    </section>
  );
}
