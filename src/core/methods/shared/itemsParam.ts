/**
 * The public item domain of the differentially private methods that choose items (PrivBasis,
 * PrivBayes; DESIGN.md sec. 8 `--items FILE`): the file's text, one item a line or a hierarchy
 * whose leaves are the items (dp/itemDomain.ts). Empty: the data's own items, with the run's
 * warning that DP then holds only if that list is public.
 */
export const ITEMS_TEXT_PARAM = {
  name: 'items',
  type: 'text',
  default: '',
  help: 'the public item domain: one item a line, or a hierarchy whose leaves are the items (empty: the data’s own items, which must then be public)',
  placeholder: 'whole milk\nrolls\nyogurt',
  fileName: 'items.txt',
} as const;
