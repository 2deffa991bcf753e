/**
 * One step of a trace, drawn from the step alone: its title, its sentences, the paper's section it
 * carries out, the data as it stands (the viewer of its drawing kind), and the candidates weighed.
 */
import { useMemo } from 'react';
import type { Step } from '../../core/teach/trace.ts';
import { CandidatesTable } from './CandidatesTable.tsx';
import { LedgerTable } from './LedgerTable.tsx';
import { DRAWING_VIEWERS } from './viewers/registry.ts';

export function StepView({ step, big, textShown = true }: { step: Step; big: boolean; textShown?: boolean }) {
  // Found by the drawing's kind, never by the method.
  const viewer = { View: DRAWING_VIEWERS[step.state.kind] };
  const changed = useMemo(() => new Set(step.changed), [step]);
  return (
    <article className="teach-step">
      <header>
        <h3 data-testid="teach-title">{step.title}</h3>
        <p className="cite" data-testid="teach-cite">
          {step.cite}
          {step.figure && <span className="figure"> · the paper's {step.figure}</span>}
        </p>
      </header>
      {textShown && (
        <p className="text" data-testid="teach-text">
          {step.text}
        </p>
      )}
      <div className="teach-body">
        <div className="state" data-testid="teach-state" data-kind={step.state.kind}>
          <viewer.View state={step.state} changed={changed} big={big} />
          {step.state.caption && step.state.kind === 'matrix' && (
            <p className="muted small">{step.state.caption}</p>
          )}
        </div>
        {textShown && ((step.candidates && step.candidates.length > 0) || step.ledger) && (
          <aside className="considered">
            {step.candidates && step.candidates.length > 0 && (
              <CandidatesTable candidates={step.candidates} />
            )}
            {step.ledger && <LedgerTable ledger={step.ledger} />}
          </aside>
        )}
      </div>
    </article>
  );
}
