/**
 * Predict-mode questions made from a step's own candidates (after VisuAlgo's training mode: the
 * question is generated from the algorithm's state, never written by hand per example): the
 * candidate the algorithm took is the answer, the alternatives it weighed and left are the other
 * choices, and `why` gives the numbers that decided. A step whose candidates hold no alternative
 * (one candidate, or all taken) gets no question; a candidate with no `chosen` mark (a summary
 * row such as "12 more") is never offered.
 */
import type { Candidate, Question } from './trace.ts';

/** Choices offered at most (the answer and up to five alternatives). */
export const MAX_CHOICES = 6;

/** A candidate's numbers in words: `QID distance 0, QID shared 2`. */
export function valuesInWords(values: Candidate['values']): string {
  return Object.entries(values)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
}

/**
 * The question "prompt" over `candidates`: the answer is the first chosen one (or the one
 * `isAnswer` picks), the choices are it and the candidates not chosen, in the order the step lists
 * them; `rule` (the algorithm's rule, in a sentence) starts `why`.
 */
export function askFrom(
  prompt: string,
  candidates: readonly Candidate[] | undefined,
  rule = '',
  isAnswer: (c: Candidate) => boolean = (c) => c.chosen === true,
): Question | undefined {
  if (!candidates) return undefined;
  const answer = candidates.find(isAnswer);
  if (!answer) return undefined;
  // Alternatives are the candidates marked not chosen (a summary row such as "12 more" is neither).
  const others = candidates.filter((c) => c !== answer && !isAnswer(c) && c.chosen === false);
  if (others.length === 0) return undefined;
  const offered = candidates.filter((c) => c === answer || others.slice(0, MAX_CHOICES - 1).includes(c));
  const ids = new Set<string>();
  const choices = offered.map((c) => {
    let label = c.label;
    if (ids.has(label)) label = `${label} (${valuesInWords(c.values)})`;
    ids.add(label);
    return { candidate: c, id: label, label };
  });
  const left = choices
    .filter((c) => c.candidate !== answer)
    .map(({ candidate: c }) => `${c.label}: ${valuesInWords(c.values)}${c.note ? ` (${c.note})` : ''}`);
  return {
    prompt,
    choices: choices.map(({ id, label }) => ({ id, label })),
    answer: choices.find((c) => c.candidate === answer)!.id,
    why:
      `${rule ? `${rule} ` : ''}${answer.label} is taken: ${valuesInWords(answer.values)}${answer.note ? ` (${answer.note})` : ''}. ` +
      `Left: ${left.join('; ')}.`,
  };
}

/** A question whose choices are given (not candidates): `answer` must be one of their ids. */
export function ask(
  prompt: string,
  choices: readonly string[],
  answer: string,
  why: string,
): Question | undefined {
  if (!choices.includes(answer) || choices.length < 2) return undefined;
  return { prompt, choices: choices.map((c) => ({ id: c, label: c })), answer, why };
}
