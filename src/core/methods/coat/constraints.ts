/**
 * Privacy and utility constraints for COAT (Loukides et al., Sec. 3.2-3.3, Def. 3.3, 3.7), as item
 * ids: parsed from JSON (`[["a","b"], ...]`) or CSV (one itemset a line) with errors that name the
 * line and what is wrong (unknown item, empty itemset, utility constraints that are not a partition),
 * and default utility constraints. The k^m mode's constraints are generated as COAT goes
 * (kmLevels.ts).
 */
import Papa from 'papaparse';
import type { Dataset } from '../../data/dataset.ts';
import { InputError } from '../../base/errors.ts';

/** Parses `[["a","b"], ...]` JSON or one-itemset-a-line CSV into itemsets of tokens. */
export function parseItemsets(text: string, file: string): { itemset: string[]; line: number }[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      throw new InputError(`${file}: not valid JSON (${(error as Error).message})`);
    }
    if (
      !Array.isArray(value) ||
      !value.every((v) => Array.isArray(v) && v.every((t) => typeof t === 'string' || typeof t === 'number'))
    ) {
      throw new InputError(`${file}: expected a JSON array of itemsets, e.g. [["a","b"],["c"]]`);
    }
    return (value as (string | number)[][]).map((itemset, i) => ({
      itemset: itemset.map(String),
      line: i + 1,
    }));
  }
  const rows = Papa.parse<string[]>(trimmed, { skipEmptyLines: false }).data;
  return rows
    .map((row, i) => ({ itemset: row.map((t) => t.trim()).filter((t) => t !== ''), line: i + 1 }))
    .filter((entry, i) => entry.itemset.length > 0 || rows[i].join('').trim() !== '' || false);
}

/** Itemsets of tokens to item ids, rejecting unknown items and empty itemsets. */
export function toItemIds(
  dataset: Dataset,
  itemsets: { itemset: string[]; line: number }[],
  file: string,
): number[][] {
  return itemsets.map(({ itemset, line }) => {
    if (itemset.length === 0) throw new InputError(`${file}:${line}: empty itemset`);
    return [
      ...new Set(
        itemset.map((token) => {
          const id = dataset.dictionary.find(token);
          if (id === undefined)
            throw new InputError(`${file}:${line}: unknown item '${token}' (not in ${dataset.name})`);
          return id;
        }),
      ),
    ].sort((a, b) => a - b);
  });
}

/** Def. 3.7: utility constraints must partition the items (every item in exactly one). */
export function checkPartitionOfItems(dataset: Dataset, constraints: number[][], file: string): void {
  const owner = new Int32Array(dataset.d).fill(-1);
  constraints.forEach((u, index) =>
    u.forEach((item) => {
      if (owner[item] >= 0) {
        throw new InputError(
          `${file}: utility constraints are not a partition: item '${dataset.dictionary.token(item)}' is in constraints ${owner[item] + 1} and ${index + 1}`,
        );
      }
      owner[item] = index;
    }),
  );
  const missing = Array.from(owner.keys()).filter((item) => owner[item] < 0);
  if (missing.length) {
    throw new InputError(
      `${file}: utility constraints are not a partition: ${missing.length} item(s) in no constraint, e.g. '${dataset.dictionary.token(missing[0])}'`,
    );
  }
}

/** Utility constraints of `size` consecutive items (in id order); 0 = all items in one. */
export function consecutiveUtility(d: number, size: number): number[][] {
  if (size <= 0 || size >= d) return [Array.from({ length: d }, (_, i) => i)];
  const out: number[][] = [];
  for (let start = 0; start < d; start += size)
    out.push(Array.from({ length: Math.min(size, d - start) }, (_, i) => start + i));
  return out;
}
