/**
 * The label of an inner node of a hierarchy the workbench builds when none is given
 * (buildHierarchy.ts): `(8495 +624)` is item 8495 and the 624 items after it in the hierarchy's
 * order. One place writes and reads it, so the page can explain such a label where it shows rows.
 */

/** `(first +more)`: the node's first item and how many items follow it under the node. */
export const builtNodeLabel = (first: string, more: number): string => `(${first} +${more})`;

/** The parts of a built node's label, or undefined for any other item or label. */
export function readBuiltNodeLabel(label: string): { first: string; more: number } | undefined {
  const match = /^\((.+) \+(\d+)\)$/.exec(label);
  return match ? { first: match[1], more: Number(match[2]) } : undefined;
}
