/**
 * The join (the finest common coarsening) of several partitions of items into sets, by
 * union-find: two items share a set of the join when some partition's set holds both, directly
 * or through a chain of sets. `distribute` merges per-partition generalizations (COAT's item sets,
 * Apriori's hierarchy cuts) and multi-anatomy's column partitions this way. Coarsening is safe for
 * both guarantees: a generalized itemset's rows are a union of rows of finer itemsets (each empty
 * or at least k rows, so the union is too); a row's value in a joined column determines its value
 * in each finer column, so the most frequent joined value is at most as frequent as a finer one and
 * there are at least as many distinct values.
 */

/** The sets of the join, each in first-seen order of its items, the sets in first-seen order. */
export function joinSets(families: readonly (readonly (readonly string[])[])[]): string[][] {
  const parent = new Map<string, string>();
  const find = (t: string): string => {
    let root = t;
    while (parent.get(root)! !== root) root = parent.get(root)!;
    while (parent.get(t)! !== root) {
      const next = parent.get(t)!;
      parent.set(t, root);
      t = next;
    }
    return root;
  };
  for (const family of families)
    for (const set of family) {
      for (const t of set) if (!parent.has(t)) parent.set(t, t);
      for (let i = 1; i < set.length; i++) {
        const a = find(set[0]);
        const b = find(set[i]);
        if (a !== b) parent.set(b, a);
      }
    }
  const byRoot = new Map<string, string[]>();
  for (const t of parent.keys()) {
    const root = find(t);
    const set = byRoot.get(root);
    if (set) set.push(t);
    else byRoot.set(root, [t]);
  }
  return [...byRoot.values()];
}
