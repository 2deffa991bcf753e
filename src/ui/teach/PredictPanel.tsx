/**
 * Predict mode (after VisuAlgo's training mode): before a step with a question (Step.question) is
 * shown, its question is asked over the step before it; the student commits to a choice, then the
 * step is revealed with the verdict and the reason. The score counts the questions answered in
 * this walk. The question is the trace's own (core/teach/questions.ts): the page only asks it.
 */
import type { Question } from '../../core/teach/trace.ts';

export function PredictPanel({
  question,
  onAnswer,
  onSkip,
}: {
  question: Question;
  onAnswer: (choice: string) => void;
  onSkip: () => void;
}) {
  return (
    <div
      className="teach-question"
      data-testid="teach-question"
      role="group"
      aria-label="Predict the next step"
    >
      <p className="prompt" data-testid="teach-question-prompt">
        <strong>Predict:</strong> {question.prompt}
      </p>
      <div className="choices">
        {question.choices.map((c) => (
          <button
            key={c.id}
            type="button"
            data-testid="teach-choice"
            data-choice={c.id}
            onClick={() => onAnswer(c.id)}
          >
            {c.label}
          </button>
        ))}
        <button type="button" className="skip" data-testid="teach-question-skip" onClick={onSkip}>
          Show me
        </button>
      </div>
    </div>
  );
}

/** The verdict on a step whose question was answered (or skipped: no choice). */
export function Verdict({ question, choice }: { question: Question; choice: string | null }) {
  const right = choice === question.answer;
  const label = (id: string) => question.choices.find((c) => c.id === id)?.label ?? id;
  return (
    <p
      className={`teach-verdict ${choice === null ? 'skipped' : right ? 'right' : 'wrong'}`}
      data-testid="teach-verdict"
      data-right={String(right)}
    >
      {choice === null
        ? `The answer: ${label(question.answer)}. `
        : right
          ? `Right: ${label(question.answer)}. `
          : `You chose ${label(choice)}; the algorithm took ${label(question.answer)}. `}
      {question.why}
    </p>
  );
}
