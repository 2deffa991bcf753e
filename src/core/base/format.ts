/** Numbers in sentences for people (summaries, warnings, the page): counts and percentages. */

/** A count with thousands separators: 9,835. */
export const count = (value: number): string => value.toLocaleString('en');

/** A share as a percentage: 0.25%, 4.5%, 26%, 100% (never 1.0e+2%). */
export function percent(share: number): string {
  const p = 100 * share;
  if (p === 0 || p === 100) return `${p}%`;
  return `${p < 1 ? Number(p.toPrecision(2)) : p < 10 ? Number(p.toPrecision(2)) : Math.round(p)}%`;
}
