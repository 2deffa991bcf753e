/**
 * A row's items as the page writes them: separated by ' · ', since item names may hold spaces
 * (groceries: "brown bread"), so a plain space would make "brown bread" read as two items.
 */
export const ITEM_SEPARATOR = ' · ';

export function itemList(tokens: readonly string[]): string {
  return tokens.join(ITEM_SEPARATOR);
}
