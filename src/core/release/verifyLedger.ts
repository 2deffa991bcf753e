/**
 * The part of a `differential-privacy` release's check that every DP method shares (DESIGN.md
 * sec. 4): the header carries a ledger and a note of its noise's source; the ledger's entries are
 * recomputed from their sensitivities and scales (dp/ledger.ts); the composed total is at most the
 * epsilon the run asked for (the header's `params.epsilon`, read exactly as the decimal it is) and
 * the ledger names that same epsilon. A ledger merged from disjoint parts (a distributed run,
 * dp/parallelLedger.ts) must state a row-wise split, and each part's epsilon and the whole's must be
 * what the entries compose to in parallel. What the published data must follow from is each
 * method's own check (verifyDiffPart.ts, verifyItemsets.ts).
 */
import { recomputeLedger, type Ledger } from '../dp/ledger.ts';
import { parallelProblems } from '../dp/parallelLedger.ts';
import { compare, parseDecimal, toUpperDouble, type Rational } from '../dp/rational.ts';
import type { ReleaseHeader, Verification } from './types.ts';

const MAX_PROBLEMS = 20;

export interface LedgerCheck {
  ledger: Ledger;
  epsilon: Rational;
  problems: string[];
}

export function checkLedger(release: ReleaseHeader): LedgerCheck | { problems: string[] } {
  const problems: string[] = [];
  const asked = release.params.epsilon;
  if (typeof asked !== 'number' || !(asked > 0))
    return { problems: ['the header names no positive params.epsilon'] };
  if (!release.ledger)
    return { problems: ['a differential-privacy release carries a ledger in its header; none found'] };
  if (!release.noise) problems.push('the header does not say where its noise came from (noise)');
  const ledger = release.ledger;
  const epsilon = parseDecimal(asked);
  if (ledger.epsilon !== asked)
    problems.push(`the ledger was kept for epsilon ${ledger.epsilon}, the header asks for ${asked}`);
  const recomputed = recomputeLedger(ledger);
  problems.push(...recomputed.problems, ...parallelProblems(ledger));
  if (compare(recomputed.total, epsilon) > 0)
    problems.push(
      `the ledger's entries compose to epsilon ${toUpperDouble(recomputed.total)}, more than the ${asked} the header promises`,
    );
  return { ledger, epsilon, problems };
}

/**
 * The start every DP method's check shares: the ledger's check, a problem list the method's own
 * checks add to, and `done()`, the verification those problems give (at most 20 of them named).
 * `ledger` and `epsilon` are there only when the ledger could be read at all.
 */
export function startDpCheck(release: ReleaseHeader): {
  problems: string[];
  done: () => Verification;
  ledger?: Ledger;
  epsilon?: Rational;
} {
  const ledgerCheck = checkLedger(release);
  const problems = [...ledgerCheck.problems];
  const done = (): Verification => ({
    verified: problems.length === 0,
    partitionComplete: false,
    problems: problems.slice(0, MAX_PROBLEMS),
  });
  if (!('ledger' in ledgerCheck)) return { problems, done };
  return { problems, done, ledger: ledgerCheck.ledger, epsilon: ledgerCheck.epsilon };
}
