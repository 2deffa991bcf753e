/**
 * Ledgers of runs on disjoint parts of one input, merged into one ledger that states parallel
 * composition (issue 35; McSherry, "Privacy Integrated Queries", SIGMOD 2009, Thm. 4; dp-notes §1
 * "Composition"): when each input row's part is a function of that row alone (itemHashSplit.ts),
 * adding or removing one row changes one part, so N ε_i-DP runs on the N parts are together
 * max_i ε_i-DP. Part i's entries keep their own scopes under `part<i>/` (ledger.ts composes entries
 * on different branches in parallel, so the ledger's total is the largest part's by the same rule
 * that gives DiffPart's sibling partitions theirs), and `parallel` names the split, its key and
 * each part's epsilon.
 *
 * `parallelProblems` is the check the ledger verifier (release/verifyLedger.ts) adds for such a
 * ledger: the split chooses rows one by one (a Gray split would make the parts' epsilons add up);
 * the parts' scopes are disjoint branches holding every entry; each part's stated epsilon is exactly
 * what its entries compose to (one charge removed, or a part's epsilon lowered, is rejected); and
 * the whole's is the largest part's. That the rows of each part are the ones the split gives is the
 * method's verifier's to check against the input (verifyDiffPart.ts replays every part's tree).
 */
import { MAX_SEED } from '../base/rng.ts';
import { ROW_WISE_SPLITS } from './itemHashSplit.ts';
import {
  composedTotal,
  entryEpsilon,
  scopeCovers,
  type Ledger,
  type LedgerEntry,
  type ParallelParts,
} from './ledger.ts';
import { add, compare, toUpperDouble, ZERO, type Rational } from './rational.ts';

/** The scope of part i's entries in a merged ledger. */
export const partScope = (part: number) => `part${part}`;

/** A part's scope prefixed to one of its entries' scopes. */
const underPart = (part: number, scope: string) =>
  scope === '' ? partScope(part) : `${partScope(part)}/${scope}`;

/**
 * The ledgers of the N parts as one: entries renumbered in part order (part i's entry e becomes
 * `firstEntry[i] + e`) and scoped under `part<i>`; the parts' epsilons as each part's ledger states
 * its total; the total the largest. Every part must have been asked for the same epsilon.
 */
export function composeInParallel(
  ledgers: readonly Ledger[],
  split: string,
  key: number,
): { ledger: Ledger; firstEntry: number[] } {
  if (!ROW_WISE_SPLITS.includes(split))
    throw new Error(
      `the ${split} split does not choose each row's part from that row alone: no parallel composition`,
    );
  const asked = ledgers[0]?.epsilon;
  if (ledgers.some((l) => l.epsilon !== asked))
    throw new Error(
      `the parts were asked for different epsilons: ${ledgers.map((l) => l.epsilon).join(', ')}`,
    );
  const entries: LedgerEntry[] = [];
  const firstEntry: number[] = [];
  ledgers.forEach((l, part) => {
    firstEntry.push(entries.length);
    for (const e of l.entries) entries.push({ ...e, id: entries.length, scope: underPart(part, e.scope) });
  });
  const parallel: ParallelParts = {
    split,
    key,
    parts: ledgers.map((l, part) => ({ scope: partScope(part), epsilon: l.total })),
  };
  const total = Math.max(0, ...ledgers.map((l) => l.total));
  return { ledger: { epsilon: asked, total, entries, parallel }, firstEntry };
}

/** What is wrong with a ledger's statement of parallel composition (none: []). */
export function parallelProblems(ledger: Ledger): string[] {
  const parallel = ledger.parallel;
  if (!parallel) return [];
  const problems: string[] = [];
  const n = parallel.parts.length;
  if (!ROW_WISE_SPLITS.includes(parallel.split))
    problems.push(
      `the ledger composes ${n} parts in parallel over the '${parallel.split}' split, which does not choose each row's part from that row alone (row-wise: ${ROW_WISE_SPLITS.join(', ')}): one row added could move others between parts, and their epsilons would add up`,
    );
  if (!Number.isInteger(parallel.key) || parallel.key < 0 || parallel.key > MAX_SEED)
    problems.push(`the split's key ${parallel.key} is not a seed (0..${MAX_SEED})`);
  if (n === 0) problems.push('the ledger composes in parallel over no parts');
  const scopes = parallel.parts.map((p) => p.scope);
  scopes.forEach((scope, i) => {
    if (scope === '') problems.push(`part ${i}'s scope is the root: it would cover every entry`);
    scopes.forEach((other, j) => {
      if (i < j && (scopeCovers(scope, other) || scopeCovers(other, scope)))
        problems.push(`parts ${i} and ${j} share records: scope '${scope}' and '${other}' lie on one path`);
    });
  });
  const spent = scopes.map(() => new Map<string, Rational>());
  for (const entry of ledger.entries) {
    const owners = scopes.flatMap((scope, i) => (scope !== '' && scopeCovers(scope, entry.scope) ? [i] : []));
    if (owners.length !== 1) {
      problems.push(
        `ledger entry ${entry.id} (scope '${entry.scope}') lies under ${owners.length} parts' scopes, not one: it would compose with every part`,
      );
      continue;
    }
    const epsilon = entryEpsilon(entry);
    if (epsilon === undefined) continue; // recomputeLedger names what is wrong with it
    const at = spent[owners[0]];
    at.set(entry.scope, add(at.get(entry.scope) ?? ZERO, epsilon));
  }
  let largest: Rational = ZERO;
  parallel.parts.forEach((part, i) => {
    const composed = composedTotal(spent[i]);
    if (compare(composed, largest) > 0) largest = composed;
    if (part.epsilon !== toUpperDouble(composed))
      problems.push(
        `part ${i} (${part.scope}) states epsilon ${part.epsilon}; its entries compose to ${toUpperDouble(composed)}`,
      );
  });
  if (ledger.total !== toUpperDouble(largest))
    problems.push(
      `the ledger's total ${ledger.total} is not the largest part's epsilon ${toUpperDouble(largest)} (parallel composition)`,
    );
  return problems;
}
