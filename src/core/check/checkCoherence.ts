/**
 * (h,k,p)-coherence of a dataset as it stands (Xu, Wang, Fung, Yu, KDD 2008, Sec. 2): the rows
 * published as they are, the chosen sensitive items private and every other item public, checked
 * by the verifier every hkp-coherence release passes (release/verifyCoherence.ts). It offers the
 * smallest cohort of a public itemset of up to p items that occurs (the k it meets whatever h).
 */
import { InputError } from '../base/errors.ts';
import type { Dataset } from '../data/dataset.ts';
import { chooseSensitive } from '../data/sensitive.ts';
import { itemsetCounts } from '../release/verifyGeneralized.ts';
import { tokenRowsOf } from '../release/tokenRows.ts';
import type { TransactionsRelease } from '../release/types.ts';
import { verifyCoherence } from '../release/verifyCoherence.ts';
import type { CheckRequest, CheckResult } from './types.ts';

export function checkCoherence(
  dataset: Dataset,
  request: Extract<CheckRequest, { model: 'hkp-coherence' }>,
): CheckResult {
  const { h, k, p } = request;
  if (!(h > 0 && h <= 1)) throw new InputError(`h must be a fraction in (0, 1], got ${h}`);
  for (const [name, value] of [
    ['k', k],
    ['p', p],
  ] as const)
    if (!Number.isInteger(value) || value < 1)
      throw new InputError(`${name} must be a positive integer, got ${value}`);
  const privateIds = chooseSensitive(dataset, request.sensitive, request.seed);
  if (privateIds.length === 0) throw new InputError('choose at least one private (sensitive) item');
  const sensitive = privateIds.map((id) => dataset.dictionary.token(id));
  const privateTokens = new Set(sensitive);
  const rows = Array.from({ length: dataset.n }, (_, r) => dataset.rowTokens(r));
  const release: TransactionsRelease = {
    format: 'txanon-release/1',
    model: 'hkp-coherence',
    method: 'check',
    params: { h, k, p },
    seed: 0,
    sensitive,
    kind: 'transactions',
    transactions: tokenRowsOf(rows, dataset.dictionary.tokens),
  };
  const verification = verifyCoherence(dataset, release, {
    rowOf: Uint32Array.from({ length: dataset.n }, (_, r) => r),
  });
  return {
    model: 'hkp-coherence',
    holds: verification.verified,
    offered: offeredK(rows, (t) => privateTokens.has(t), p),
    problems: verification.problems,
    reading: `Private: ${sensitive.join(', ')}; every other item is public, and an attacker knows up to p = ${p} of a row's public items.`,
  };
}

/** The smallest cohort of a public itemset of up to p items that occurs (as the k^m check counts them). */
function offeredK(rows: readonly string[][], isPrivate: (token: string) => boolean, p: number): number {
  const publicRows = rows.map((row) => row.filter((t) => !isPrivate(t)));
  let least = Infinity;
  for (const count of itemsetCounts(publicRows, p).values()) least = Math.min(least, count);
  return least;
}
