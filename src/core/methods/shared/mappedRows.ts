/**
 * The rows of a `generalized` release (COAT, Apriori): every input row with each item replaced by
 * its published label (null drops a suppressed item), labels kept once per row in order of first
 * appearance, rows in a shuffled order recorded in the audit's rowOf. The rows are typed
 * (release/tokenRows.ts): the input's tokens, then each label that is no input token.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Rng } from '../../base/rng.ts';
import { TokenRowsBuilder, type TokenRows } from '../../release/tokenRows.ts';

export function mappedRows(
  dataset: Dataset,
  labelOf: (item: number) => string | null,
  rng: Rng,
): { rowOf: Uint32Array; transactions: TokenRows } {
  const order = rng.shuffle(Array.from({ length: dataset.n }, (_, r) => r));
  const builder = new TokenRowsBuilder(dataset.dictionary.tokens, dataset.items.length, dataset.n);
  // Each input item's published id (-1: suppressed), found once.
  const target = Int32Array.from({ length: dataset.d }, (_, item) => {
    const label = labelOf(item);
    return label === null ? -1 : builder.idOf(label);
  });
  let tokens = 0;
  for (const id of target) tokens = Math.max(tokens, id + 1);
  const stamp = new Int32Array(tokens).fill(-1); // target id -> the last published row that held it
  order.forEach((r, p) => {
    for (let k = dataset.offsets[r]; k < dataset.offsets[r + 1]; k++) {
      const id = target[dataset.items[k]];
      if (id < 0) continue;
      if (stamp[id] === p) continue;
      stamp[id] = p;
      builder.pushId(id);
    }
    builder.endRow();
  });
  return { rowOf: Uint32Array.from(order), transactions: builder.build() };
}
