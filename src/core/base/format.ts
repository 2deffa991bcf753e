/** Numbers in sentences for people (summaries, warnings, the page): counts and percentages. */

/** A count with thousands separators: 9,835. */
export const count = (value: number): string => value.toLocaleString('en');

/** A share as a percentage: 0.25%, 4.5%, 26%, 100% (never 1.0e+2%). */
export function percent(share: number): string {
  const p = 100 * share;
  if (p === 0 || p === 100) return `${p}%`;
  return `${p < 1 ? Number(p.toPrecision(2)) : p < 10 ? Number(p.toPrecision(2)) : Math.round(p)}%`;
}

/** A runtime for tables: tenths of a millisecond below 10 ms (a paper example runs in 0.4 ms, not 0). */
export function formatRuntime(ms: number): string {
  return ms < 10 ? ms.toFixed(1) : ms.toFixed(0);
}

/** A duration in words: `840 ms`, `3.3 s`, `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${formatRuntime(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toPrecision(ms < 10_000 ? 2 : 3)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Items in the order people read them: numbers by value (2, 11, 121), the rest as text. */
export const compareItemText: (a: string, b: string) => number = new Intl.Collator('en', { numeric: true })
  .compare;

/** Items for a sentence, in that order: `2, 11, 121, cheese`. */
export const itemsText = (tokens: readonly string[]): string => [...tokens].sort(compareItemText).join(', ');

/** Significant digits ε is shown with, at least (the exact value stays in the release's ledger). */
const EPSILON_DIGITS = 4;

/**
 * An ε (a ledger's total or share) for people: 4 significant digits, or as many as the ε asked is
 * written with, so that a total equal to it reads equal; trailing zeros dropped. The ledger writes
 * each ε as its exact rational rounded up to a double: a total of exactly 7/10 is
 * 0.7000000000000001 there, 0.7 here; 1/6 (0.16666666604578495 as DiffPart's scale gives it) reads
 * 0.1667. Never in exponent form above 1e-6.
 */
export function epsilonText(value: number, asked?: number): string {
  const digits = Math.max(EPSILON_DIGITS, asked === undefined ? 0 : significantDigits(asked));
  return String(Number(value.toPrecision(Math.min(17, digits))));
}

/** The significant digits a number is written with in JS (0.125: 3; 2: 1; 1e-7: 1). */
function significantDigits(value: number): number {
  const mantissa = Math.abs(value).toExponential().split('e')[0].replace('.', '');
  return mantissa.replace(/0+$/, '').length || 1;
}
