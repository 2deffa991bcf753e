/**
 * The stepper: first / previous / next / last, play and pause at a speed, "step i of n", the keys
 * ← and →, the step drawn (StepView), a link to this very step, a presentation mode that fills
 * the window for a projector, the step scaled to fit it (PresentFit; Esc leaves it; the text can be
 * hidden to give the drawing the room), and predict mode: moving forward onto a step with a
 * question asks it first, over the step before, and keeps a score (PredictPanel.tsx). The cursor
 * lives in the Teach state, so that the link, the keys and the buttons move one and the same step.
 */
import { useCallback, useState } from 'react';
import type { Trace } from '../../core/teach/trace.ts';
import { PredictPanel, Verdict } from './PredictPanel.tsx';
import { PresentFit, useLeaveOnEscape } from './PresentFit.tsx';
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
  const [predict, setPredict] = useState(false);
  /** The step whose question is being asked (its state hidden until answered). */
  const [asking, setAsking] = useState<number | null>(null);
  /** Step index -> the choice made (null: "show me"), for this trace's walk (the page mounts a
   * new stepper for a new trace, so the score starts again). */
  const [answers, setAnswers] = useState<Map<number, string | null>>(() => new Map());
  // Forward onto a step with a question not yet answered asks it first (predict mode).
  const go = useCallback(
    (step: number) => {
      if (predict && step === at + 1 && trace.steps[step]?.question && !answers.has(step)) setAsking(step);
      else {
        setAsking(null);
        onCursor(step);
      }
    },
    [predict, at, trace, answers, onCursor],
  );
  const answer = (choice: string | null) => {
    if (asking === null) return;
    setAnswers(new Map(answers).set(asking, choice));
    setAsking(null);
    onCursor(asking);
  };
  const { playing, setPlaying, speed, setSpeed } = usePlayer(count, at, go);
  const [presenting, setPresenting] = useState(false);
  const [textShown, setTextShown] = useState(true);
  const asked = [...answers.values()].filter((c) => c !== null);
  const right = [...answers].filter(([step, c]) => c !== null && c === trace.steps[step].question?.answer);
  const questions = trace.steps.filter((s) => s.question).length;
  const step = trace.steps[at];
  const [copied, setCopied] = useState(false);
  useLeaveOnEscape(
    presenting,
    useCallback(() => setPresenting(false), []),
  );
  const copy = () => {
    void navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  const question = asking !== null ? trace.steps[asking].question : undefined;
  const answered = step.question && answers.has(at) ? step.question : undefined;
  const shown = (
    <>
      {question && <PredictPanel question={question} onAnswer={answer} onSkip={() => answer(null)} />}
      {answered && !question && <Verdict question={answered} choice={answers.get(at) ?? null} />}
      <StepView step={step} big={presenting} textShown={textShown || !presenting} />
    </>
  );
  return (
    <section
      className={`stepper${presenting ? ' presenting' : ''}${presenting && !textShown ? ' drawing-only' : ''}`}
      data-testid="stepper"
    >
      <div className="stepper-bar">
        <button
          type="button"
          data-testid="teach-first"
          onClick={() => go(0)}
          disabled={at === 0}
          title="First step (Home)"
        >
          « First
        </button>
        <button
          type="button"
          data-testid="teach-prev"
          onClick={() => go(at - 1)}
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
          onClick={() => go(at + 1)}
          disabled={at >= count - 1 || asking !== null}
          title="Next step (→)"
        >
          Next ▶
        </button>
        <button
          type="button"
          data-testid="teach-last"
          onClick={() => go(count - 1)}
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
            if (!playing && at >= count - 1) go(0);
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
        <label className="predict" title="Ask before each step with a question what the algorithm will do">
          <input
            type="checkbox"
            data-testid="teach-predict"
            checked={predict}
            onChange={(e) => {
              setPredict(e.target.checked);
              setAsking(null);
            }}
          />
          Predict
        </label>
        {predict && (
          <span className="score" data-testid="teach-score" title={`${questions} questions in this walk`}>
            {right.length} of {asked.length} right
          </span>
        )}
        <span className="spacer" />
        <button type="button" data-testid="teach-copy-link" onClick={copy} title={link}>
          {copied ? 'Link copied' : 'Copy link'}
        </button>
        {presenting && (
          <button type="button" data-testid="teach-present-text" onClick={() => setTextShown(!textShown)}>
            {textShown ? 'Hide text' : 'Show text'}
          </button>
        )}
        <button type="button" data-testid="teach-present" onClick={() => setPresenting(!presenting)}>
          {presenting ? 'Exit (Esc)' : 'Present'}
        </button>
      </div>
      {presenting ? (
        <PresentFit>
          {textShown && <p className="stepper-caption">{caption}</p>}
          {shown}
        </PresentFit>
      ) : (
        shown
      )}
      <progress className="stepper-progress" max={count - 1 || 1} value={at} aria-hidden />
    </section>
  );
}
