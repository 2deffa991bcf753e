/**
 * Column orders for methods that read transactions as bit vectors (Gray sort: Ghinita Sec. 5.2,
 * PTA Sec. 4.1). `token`: the items' natural order (numbers numerically, names by code unit), the
 * column order of the papers' figures and of FIMI files; `support`: decreasing support (Ghinita
 * Sec. 5.2, ties by token); `input`: order of first appearance. Returns position[item id], 0 first.
 */
import type { Dataset } from '../../data/dataset.ts';
import { itemSupports } from '../../data/stats.ts';
import { compareTokens } from '../../data/tokenOrder.ts';

export const ITEM_ORDERS = ['token', 'support', 'input'] as const;
export type ItemOrder = (typeof ITEM_ORDERS)[number];

export function itemPositions(dataset: Dataset, order: ItemOrder): Uint32Array {
  const ids = Array.from({ length: dataset.d }, (_, i) => i);
  const tokens = dataset.dictionary.tokens;
  if (order === 'token') ids.sort((a, b) => compareTokens(tokens[a], tokens[b]));
  if (order === 'support') {
    const supports = itemSupports(dataset);
    ids.sort((a, b) => supports[b] - supports[a] || compareTokens(tokens[a], tokens[b]));
  }
  const position = new Uint32Array(dataset.d);
  ids.forEach((id, p) => (position[id] = p));
  return position;
}
