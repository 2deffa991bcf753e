/**
 * When a differentially private release publishes little, say so (issue 45: DiffPart with its
 * defaults published 0 rows of three real basket files, "verified", and suggested nothing). A
 * synthetic release (DiffPart, PrivBayes) publishes little when its rows are fewer than LITTLE of
 * the input's; an itemsets release (PrivBasis) when it publishes fewer itemsets than the k asked.
 * The sentence names how much was published, the ε spent, and what would help, method by method:
 * a larger ε; for DiffPart another fan-out f (the taxonomy's levels split the budget) and
 * PrivBayes, which samples about as many rows as the input; PrivBasis for the top itemsets. The
 * page measures those alternatives on the file (ui/anonymize/ReadWithCare.tsx, alternatives.ts).
 */
import { count, epsilonText, percent } from '../base/format.ts';
import type { MethodParams } from '../methods/types.ts';
import type { Release } from '../release/types.ts';
import { publishedRowCount } from '../release/rowCount.ts';

/** Below this share of the input's rows, a synthetic release publishes little. */
export const LITTLE = 0.1;

/**
 * Whether a DP release's summary says it published little: synthetic rows under LITTLE of the
 * input's, or fewer itemsets than the k asked (the page's box reads the run record with it).
 */
export function publishesLittle(
  summary: {
    publishes?: 'synthetic' | 'itemsets';
    rows_after: number;
    rows_before: number;
    itemsets?: number;
  },
  params: MethodParams,
): boolean {
  if (summary.publishes === 'itemsets') return (summary.itemsets ?? 0) < Number(params.k);
  return (
    summary.publishes === 'synthetic' &&
    summary.rows_before > 0 &&
    summary.rows_after < LITTLE * summary.rows_before
  );
}

export function dpPublishedLittle(release: Release, params: MethodParams, inputRows: number): string | null {
  if (release.model !== 'differential-privacy' || !release.ledger || inputRows === 0) return null;
  const spent = `ε spent ${epsilonText(release.ledger.total, release.ledger.epsilon)} of ${release.ledger.epsilon}`;
  if (release.kind === 'itemsets') {
    const k = Number(params.k);
    if (!(release.itemsets.length < k)) return null;
    return `This differentially private release publishes ${count(release.itemsets.length)} itemsets of the ${count(k)} asked (${spent}): DP published little here. What would help: a larger ε, a smaller k, or PrivBayes (synthetic rows) on this file.`;
  }
  if (release.kind !== 'transactions') return null;
  const rows = publishedRowCount(release);
  if (rows >= LITTLE * inputRows) return null;
  const help =
    release.method === 'diffpart'
      ? 'a larger ε, another fan-out f (it sets how many taxonomy levels split the budget: on mushroom at ε = 2, f = 3 and 5 published 0 rows, f = 15 over 147,000), or PrivBayes (about as many synthetic rows as the input) or PrivBasis (the top itemsets) on this file'
      : 'a larger ε, fewer modelled items, or PrivBasis (the top itemsets) on this file';
  return `This differentially private release publishes ${count(rows)} rows for the input's ${count(inputRows)} (${percent(rows / inputRows)}; ${spent}): DP published little here, whatever the verifier's ✓ says. What would help: ${help}.`;
}
