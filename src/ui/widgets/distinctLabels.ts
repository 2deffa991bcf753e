/**
 * Labels that tell same-named entries apart (issue 32: two datasets, experiments or rules of one
 * name could not be told apart in their lists): the label as it is when no other entry has it, else
 * numbered in the list's order, `groceries.csv (2)`.
 */
export function distinctLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const label of labels) total.set(label, (total.get(label) ?? 0) + 1);
  return labels.map((label) => {
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return total.get(label)! > 1 && n > 1 ? `${label} (${n})` : label;
  });
}
