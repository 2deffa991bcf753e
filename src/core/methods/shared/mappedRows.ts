/**
 * The rows of a `generalized` release (COAT, Apriori): every input row with each item replaced by
 * its published label (null drops a suppressed item), labels kept once per row, rows in a shuffled
 * order recorded in the audit's rowOf.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Rng } from '../../base/rng.ts';

export function mappedRows(
  dataset: Dataset,
  labelOf: (item: number) => string | null,
  rng: Rng,
): { rowOf: number[]; transactions: string[][] } {
  const rowOf = rng.shuffle(Array.from({ length: dataset.n }, (_, r) => r));
  const transactions = rowOf.map((r) => {
    const labels = new Set<string>();
    for (const item of dataset.row(r)) {
      const label = labelOf(item);
      if (label !== null) labels.add(label);
    }
    return [...labels];
  });
  return { rowOf, transactions };
}
