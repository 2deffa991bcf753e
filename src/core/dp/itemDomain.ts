/**
 * The public item domain of a differentially private run (`--items FILE`, DESIGN.md sec. 8): the
 * items a release may name, fixed before the data are seen (a catalogue, a questionnaire's
 * answers), so that the domain itself tells nothing about any row. The file is one item a line, or
 * a hierarchy (data/hierarchy/parseHierarchy.ts: `item;level1;...;root` paths or `item,parent`
 * edges), whose leaves are the items. The form: a hierarchy when the first non-blank line holds a
 * `;`, a comma or a tab, a list otherwise (an item with a comma in its name is given as a
 * hierarchy). Blank lines are skipped, names trimmed; an item listed twice is an error naming both
 * lines. Without a file the domain is the data's own items (the run then warns: runWarnings.ts).
 */
import { parseHierarchy } from '../data/hierarchy/parseHierarchy.ts';
import { ParseError } from '../data/parsers/parseError.ts';
import type { Dataset } from '../data/dataset.ts';

export function parsePublicItems(text: string, file = 'items'): string[] {
  const lines = text.split(/\r?\n/);
  const firstLine = lines.find((line) => line.trim() !== '') ?? '';
  if (/[;,\t]/.test(firstLine)) {
    const hierarchy = parseHierarchy(text, file);
    return hierarchy.labels.slice(0, hierarchy.items);
  }
  const seen = new Map<string, number>();
  lines.forEach((line, i) => {
    const item = line.trim();
    if (item === '') return;
    const before = seen.get(item);
    if (before !== undefined)
      throw new ParseError(
        file,
        i + 1,
        line.indexOf(item) + 1,
        `item '${item}' is listed twice (also line ${before})`,
      );
    seen.set(item, i + 1);
  });
  if (seen.size === 0)
    throw new ParseError(file, 1, 1, 'the item domain lists no item (one item a line, or a hierarchy)');
  return [...seen.keys()];
}

/** The domain a run draws its items from: the public list when given, else the data's items. */
export interface ItemDomain {
  /** Domain items as tokens. */
  tokens: string[];
  /** Each domain item's dataset id, or -1 when the data do not hold it. */
  ids: Int32Array;
  /** True when the domain was given (public), false when it is the data's own items. */
  public: boolean;
}

export function itemDomainOf(dataset: Dataset, itemsText: string, file = 'items'): ItemDomain {
  if (itemsText.trim() === '') {
    const tokens = [...dataset.dictionary.tokens];
    return { tokens, ids: Int32Array.from(tokens, (_, i) => i), public: false };
  }
  const tokens = parsePublicItems(itemsText, file);
  return {
    tokens,
    ids: Int32Array.from(tokens, (t) => dataset.dictionary.find(t) ?? -1),
    public: true,
  };
}
