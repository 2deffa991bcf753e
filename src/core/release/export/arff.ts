/**
 * Rows written as sparse ARFF (DESIGN.md sec. 4; Weka's sparse format): one presence attribute
 * `{0,1}` per item (in order of first appearance), quoted Weka's way (single quotes, backslash
 * escapes for quotes, backslashes, `%` and line breaks), then one `{index 1, ...}` line per row;
 * an empty row is `{}`. The ARFF parser reads a presence attribute's `1` as the item itself.
 * ARFF needs at least one attribute: a release whose rows are all empty is an input error that
 * names another format.
 */
import { InputError } from '../../base/errors.ts';

/** An ARFF name or value in single quotes with Weka's backslash escapes. */
export function arffQuote(text: string): string {
  const escaped = text.replace(/[\\'"%\n\r\t]/g, (c) => {
    switch (c) {
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\${c}`;
    }
  });
  return `'${escaped}'`;
}

export function arffText(relation: string, rows: readonly (readonly string[])[]): string {
  const indexOf = new Map<string, number>();
  for (const row of rows) for (const token of row) if (!indexOf.has(token)) indexOf.set(token, indexOf.size);
  if (indexOf.size === 0)
    throw new InputError(
      'every published row is empty, and ARFF needs at least one attribute: export as csv-long',
    );
  const lines = [`@relation ${arffQuote(relation)}`, ''];
  for (const token of indexOf.keys()) lines.push(`@attribute ${arffQuote(token)} {0,1}`);
  lines.push('', '@data');
  for (const row of rows) {
    const indices = row.map((t) => indexOf.get(t)!).sort((a, b) => a - b);
    lines.push(`{${indices.map((i) => `${i} 1`).join(',')}}`);
  }
  return lines.join('\n') + '\n';
}
