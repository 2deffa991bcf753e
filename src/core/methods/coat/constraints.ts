/**
 * Privacy and utility constraints for COAT (Loukides et al., Sec. 3.2-3.3, Def. 3.3, 3.7), as item
 * ids: parsed from JSON (`[["a","b"], ...]`) or CSV (one itemset a line) with errors that name the
 * line and what is wrong (unknown item, empty itemset, utility constraints that are not a partition),
 * the k^m mode's constraints (every m-itemset that occurs, from the rows, never from d^m
 * combinations; rows shorter than m give themselves), and default utility constraints.
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

/** k^m mode: every itemset of m items occurring in a row (a shorter row gives itself). */
export function kmConstraints(dataset: Dataset, m: number, limit = 2_000_000): number[][] {
  const seen = new Set<string>();
  const out: number[][] = [];
  const add = (itemset: number[]) => {
    const key = itemset.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    out.push(itemset);
    if (out.length > limit)
      throw new InputError(
        `more than ${limit} privacy constraints for m = ${m}: use a smaller m or constraints from a file`,
      );
  };
  for (let r = 0; r < dataset.n; r++) {
    const row = Array.from(dataset.row(r));
    if (row.length === 0) continue;
    if (row.length <= m) add(row);
    else combinations(row, m, add);
  }
  return out;
}

function combinations(items: number[], m: number, visit: (c: number[]) => void): void {
  const chosen: number[] = [];
  const walk = (start: number) => {
    if (chosen.length === m) return visit([...chosen]);
    for (let i = start; i <= items.length - (m - chosen.length); i++) {
      chosen.push(items[i]);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(0);
}

/** Utility constraints of `size` consecutive items (in id order); 0 = all items in one. */
export function consecutiveUtility(d: number, size: number): number[][] {
  if (size <= 0 || size >= d) return [Array.from({ length: d }, (_, i) => i)];
  const out: number[][] = [];
  for (let start = 0; start < d; start += size)
    out.push(Array.from({ length: Math.min(size, d - start) }, (_, i) => start + i));
  return out;
}
