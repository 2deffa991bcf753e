/**
 * The attacker's view of published rows (a `transactions` or `generalized` release, or the input
 * itself): a person's candidates are the rows that hold what it knows, as published. A known item
 * maps to what the release shows of it (itself, its generalized label); an item the release shows
 * nowhere (suppressed) is dropped from the query, since a real attacker cannot match what it cannot
 * see; the candidates are then the rows whose items cover the mapped known items. Rows are sets of
 * ids in `rows` (publishedRows.ts), tid-lists count them (ItemRows).
 */
import type { Dataset } from '../../data/dataset.ts';
import { ItemRows } from '../../data/itemRows.ts';
import { sortedHas } from '../../data/rowDistance.ts';
import type { AttackView, Candidates, Secret } from './types.ts';

/** `lookFor(item)`: the id in `rows` the attacker looks for when it knows input item `item`, or null. */
export function rowsView(rows: Dataset, lookFor: (item: number) => number | null): AttackView {
  const index = ItemRows.of(rows);
  const rowHolds = (row: number, query: readonly number[]) => {
    const from = rows.offsets[row];
    const to = rows.offsets[row + 1];
    return query.every((id) => sortedHas(rows.items, id, from, to));
  };
  return {
    units: rows.n,
    candidates(known): Candidates {
      const query = [...new Set(known.map(lookFor).filter((id): id is number => id !== null))];
      const persons = index.countRowsContaining(query);
      const visit = (each: (row: number) => boolean | void) => {
        if (query.length === 0) {
          for (let r = 0; r < rows.n; r++) if (each(r) === false) return;
        } else index.forRowsHolding(query, each);
      };
      return {
        persons,
        holds: (unit) => unit >= 0 && unit < rows.n && rowHolds(unit, query),
        share(secret: Secret) {
          if (persons === 0) return 0;
          if (secret.item !== undefined) {
            const id = lookFor(secret.item);
            return id === null ? 0 : index.countRowsContaining([...new Set([...query, id])]) / persons;
          }
          let held = 0;
          visit((row) => {
            if (secret.heldBy(row)) held++;
          });
          return held / persons;
        },
        list(limit) {
          const out: number[] = [];
          visit((row) => out.push(row) < limit);
          return out;
        },
      };
    },
  };
}

/** The scorer's link of a row-publishing release: the published row of each input row (-1: none). */
export function inverseRowOf(n: number, rowOf: ArrayLike<number>): Int32Array {
  const unit = new Int32Array(n).fill(-1);
  for (let p = 0; p < rowOf.length; p++) if (rowOf[p] < n) unit[rowOf[p]] = p;
  return unit;
}
