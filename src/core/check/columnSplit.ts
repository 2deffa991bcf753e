/**
 * Column splits for the l-diversity check: one column per line, items separated by commas (the
 * first line is the quasi-identifier an attacker knows), or, for relational data whose items read
 * `column=value`, one column per attribute name.
 */
import type { Dataset } from '../data/dataset.ts';
import { InputError } from '../base/errors.ts';

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

/** Columns by attribute name (`age=[20,30)` belongs to `age`), in order of first appearance. */
export function columnsByAttribute(dataset: Dataset): string[][] {
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
