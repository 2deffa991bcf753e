/**
 * Rows written as sparse ARFF (DESIGN.md sec. 4; Weka's sparse format): one presence attribute
 * `{0,1}` per item (in order of first appearance), quoted Weka's way (single quotes, backslash
 * escapes for quotes, backslashes, `%` and line breaks), then one `{index 1, ...}` line per row;
 * an empty row is `{}`. The ARFF parser reads a presence attribute's `1` as the item itself.
 * ARFF needs at least one attribute: a release whose rows are all empty is an input error that
 * names another format.
 */
import { InputError } from '../../base/errors.ts';
import { TextWriter, type Utf8Parts } from './textWriter.ts';

const OPEN = 0x7b;
const CLOSE = 0x7d;
const COMMA = 0x2c;
const NEWLINE = 0x0a;

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

export function arffBytes(relation: string, rows: readonly (readonly string[])[]): Utf8Parts {
  const indexOf = new Map<string, number>();
  for (const row of rows) for (const token of row) if (!indexOf.has(token)) indexOf.set(token, indexOf.size);
  if (indexOf.size === 0)
    throw new InputError(
      'every published row is empty, and ARFF needs at least one attribute: export as csv-long',
    );
  const out = new TextWriter().write(`@relation ${arffQuote(relation)}\n\n`);
  for (const token of indexOf.keys()) out.write(`@attribute ${arffQuote(token)} {0,1}\n`);
  out.write('\n@data\n');
  const indices: number[] = []; // a row's attribute indices, scratch reused row after row
  for (const row of rows) {
    indices.length = 0;
    for (const t of row) indices.push(indexOf.get(t)!);
    indices.sort((a, b) => a - b);
    out.char(OPEN);
    for (let i = 0; i < indices.length; i++) (i > 0 ? out.char(COMMA) : out).int(indices[i]).write(' 1');
    out.char(CLOSE).char(NEWLINE);
  }
  return out.parts();
}
