/**
 * The one strict reader of numbers written as text (command-line flags, method params given as
 * text, form fields): an integer is plain decimal digits and nothing else, so `0x10`, `1e3`, `+3`,
 * ` 3`, `''`, `1.0` and a value past 2^53 (`99999999999999999999`, which a float would round) are
 * no integers; a decimal number is digits with an optional fraction and exponent (`0.5`, `.5`,
 * `1e-3`), never `Infinity`, `0x10`, a sign the caller did not allow or surrounding blanks.
 * Each returns null for what it does not read; the caller names the flag or field in its error.
 */

const DIGITS = /^\d+$/;
const SIGNED_DIGITS = /^-?\d+$/;
const DECIMAL = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const SIGNED_DECIMAL = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Plain digits (a leading '-' only when `signed`) that stand for an exactly representable integer. */
export function readInteger(text: string, signed = false): number | null {
  if (!(signed ? SIGNED_DIGITS : DIGITS).test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** A finite decimal number (a leading '-' only when `signed`). */
export function readDecimal(text: string, signed = false): number | null {
  if (!(signed ? SIGNED_DECIMAL : DECIMAL).test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** `in 1..10`, `>= 2` or `<= 5`: the range an error message states. */
export function rangeText(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `in ${min}..${max}`;
  if (min !== undefined) return `>= ${min}`;
  if (max !== undefined) return `<= ${max}`;
  return '';
}
