/**
 * The names a file or a paper gives its rows (Ghinita Fig. 1a: Bob, David, Claire, Andrea, Ellen),
 * put on a recorded trace in place of T1..Tn where a reader sees them: the labels of the drawings'
 * rows and candidates, the step sentences and the candidates' values. Ids (`T{r+1}`, what
 * `changed` and `ref` point at) are not renamed, so highlights and layout are the same.
 */
import type { Candidate, Drawing, Labelled, Step } from './trace.ts';

const ROW = /\bT(\d+)\b/g;

/** `text` with every row name T{r+1} that has a name replaced by it. */
function renamed(text: string, names: readonly string[]): string {
  return text.replace(ROW, (whole, digits: string) => names[Number(digits) - 1] ?? whole);
}

function relabel<T extends Labelled>(element: T, names: readonly string[]): T {
  return { ...element, label: renamed(element.label, names) };
}

function drawingWithNames(drawing: Drawing, names: readonly string[]): Drawing {
  switch (drawing.kind) {
    case 'matrix':
      return { ...drawing, rows: drawing.rows.map((r) => relabel(r, names)) };
    case 'table':
      return { ...drawing, rows: drawing.rows.map((r) => relabel(r, names)) };
    case 'pairs':
      return { ...drawing, labels: drawing.labels.map((l) => relabel(l, names)) };
    case 'buckets':
      return {
        ...drawing,
        buckets: drawing.buckets.map((b) => ({ ...b, rows: b.rows.map((r) => relabel(r, names)) })),
      };
    default:
      return drawing;
  }
}

function candidateWithNames(candidate: Candidate, names: readonly string[]): Candidate {
  return {
    ...candidate,
    label: renamed(candidate.label, names),
    values: Object.fromEntries(
      Object.entries(candidate.values).map(([k, v]) => [k, typeof v === 'string' ? renamed(v, names) : v]),
    ),
    ...(candidate.note !== undefined && { note: renamed(candidate.note, names) }),
  };
}

/** The step as a reader of a file with row names sees it. */
export function stepWithNames(step: Step, names: readonly string[]): Step {
  return {
    ...step,
    title: renamed(step.title, names),
    text: renamed(step.text, names),
    state: drawingWithNames(step.state, names),
    ...(step.candidates && { candidates: step.candidates.map((c) => candidateWithNames(c, names)) }),
    ...(step.question && {
      question: {
        ...step.question,
        prompt: renamed(step.question.prompt, names),
        why: renamed(step.question.why, names),
        choices: step.question.choices.map((c) => ({ ...c, label: renamed(c.label, names) })),
      },
    }),
  };
}
