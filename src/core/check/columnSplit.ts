/**
 * Column splits for the l-diversity check: one column per line, items separated by commas (the
 * first line is the quasi-identifier an attacker knows), or, for relational data whose items read
 * `column=value`, one column per attribute name.
 */
import type { Dataset } from '../data/dataset.ts';
import { ParseError } from '../data/parsers/parseError.ts';
import { InputError } from '../base/errors.ts';
import { chooseSensitive, type SensitiveChoice } from '../data/sensitive.ts';

export function parseColumnSplit(text: string): string[][] {
  const columns = text
    .split(/\r?\n/)
    .map((line) =>
      line
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    )
    .filter((column) => column.length > 0);
  if (columns.length < 2)
    throw new InputError(
      'column split: expected at least two lines (the known column first, then the sensitive ones)',
    );
  return columns;
}

/**
 * Columns by attribute name (`age=[20,30)` belongs to `age`), in order of first appearance. Data
 * none of whose items read `column=value` (a basket file) has no attributes: each item would be a
 * column of its own, holding it or nothing, which no l-diversity reading makes sense of (and which
 * took 16-32 s on 10,000 to 60,000 baskets), so it is an input error asking for a split.
 */
export function columnsByAttribute(dataset: Dataset): string[][] {
  if (!dataset.dictionary.tokens.some((token) => token.indexOf('=') > 0))
    throw new InputError(
      `l-diversity needs a column split for ${dataset.name}: its items are not column=value pairs, so there are no columns to read. Choose its sensitive items (a list or a band: the rest is what an attacker knows), or give one column per line, items separated by commas, the known column first`,
    );
  const columns = new Map<string, string[]>();
  for (const token of dataset.dictionary.tokens) {
    const at = token.indexOf('=');
    const name = at > 0 ? token.slice(0, at) : token;
    const column = columns.get(name) ?? [];
    columns.set(name, column);
    column.push(token);
  }
  return [...columns.values()];
}

/**
 * The split of basket data for l-diversity (issue 32): every item but the sensitive ones is the
 * known column (an attacker knows the rest of a basket), the sensitive items the one column whose
 * value must be diverse in each bucket. The sensitive items are chosen as for p-degree
 * (data/sensitive.ts: a list, the m most frequent, a band of moderate support, ...).
 */
export function sensitiveSplit(
  dataset: Dataset,
  choice: SensitiveChoice,
  seed: number,
  l: number,
): string[][] {
  const ids = new Set(chooseSensitive(dataset, choice, seed, l));
  if (ids.size === 0) throw new InputError('choose at least one sensitive item');
  const tokens = dataset.dictionary.tokens;
  const known = tokens.filter((_, id) => !ids.has(id));
  if (known.length === 0)
    throw new InputError('every item is sensitive: nothing is left for an attacker to know');
  return [known, [...ids].map((id) => tokens[id])];
}

/**
 * A column split read from a file (`check --columns FILE`), every item checked against the data:
 * an item the data does not hold, or one listed twice, is a ParseError at its line and column.
 */
export function readColumnSplit(text: string, fileName: string, dataset: Dataset): string[][] {
  const placed = new Map<string, number>();
  const columns: string[][] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    const column: string[] = [];
    let start = 0;
    for (const field of line.split(',')) {
      const item = field.trim();
      const at = start + (field.length - field.trimStart().length) + 1;
      start += field.length + 1;
      if (item === '') continue;
      if (dataset.dictionary.find(item) === undefined)
        throw new ParseError(fileName, index + 1, at, `item '${item}' does not occur in ${dataset.name}`);
      if (placed.has(item))
        throw new ParseError(
          fileName,
          index + 1,
          at,
          `item '${item}' is already in the column on line ${placed.get(item)}`,
        );
      placed.set(item, index + 1);
      column.push(item);
    }
    if (column.length > 0) columns.push(column);
  });
  if (columns.length < 2)
    throw new ParseError(
      fileName,
      1,
      1,
      'expected at least two lines (the known column first, then the sensitive ones), one column per line',
    );
  return columns;
}
