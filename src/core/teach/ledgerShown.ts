/**
 * A DP run's ledger (dp/ledger.ts) as a teaching step shows it: a snapshot of the charges so far
 * (new arrays), the composed ε rounded up (the ledger's own total), and the budget asked for.
 */
import type { Ledger } from '../dp/ledger.ts';
import type { LedgerShown } from './trace.ts';

export function ledgerShown({ entries, total, epsilon }: Ledger): LedgerShown {
  return {
    entries: entries.map((e) => ({
      label: e.label,
      mechanism: e.mechanism,
      scale: e.scale,
      epsilon: e.epsilon,
      scope: e.scope,
    })),
    spent: total,
    budget: epsilon,
  };
}

/** The sentence every step of a teaching run with seeded noise carries (DESIGN.md sec. 3). */
export function seededNoiseSentence(seed: number): string {
  return `The noise is drawn from seed ${seed} so that these steps are the same every time they are shown; a release drawn this way is for teaching only, not for publication (anyone with the seed can remove the noise).`;
}
