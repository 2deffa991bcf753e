/**
 * Rows written as sparse ARFF (DESIGN.md sec. 4; Weka's sparse format): one presence attribute
 * `{0,1}` per item (in order of first appearance), quoted Weka's way (single quotes, backslash
 * escapes for quotes, backslashes, `%` and line breaks), then one `{index 1, ...}` line per row;
 * an empty row is `{}`. The ARFF parser reads a presence attribute's `1` as the item itself.
 * ARFF needs at least one attribute: a release whose rows are all empty is an input error that
 * names another format.
 */
import { InputError } from '../../base/errors.ts';
import type { TokenRows } from '../tokenRows.ts';
import type { TextWriter } from './textWriter.ts';

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

/** The attribute index of each token id (-1: in no row), in order of first appearance. */
function attributeIndex(rows: TokenRows): { indexOf: Int32Array; order: number[] } {
  const indexOf = new Int32Array(rows.tokens.length).fill(-1);
  const order: number[] = [];
  for (let k = 0; k < rows.offsets[rows.offsets.length - 1]; k++) {
    const id = rows.items[k];
    if (indexOf[id] < 0) indexOf[id] = order.push(id) - 1;
  }
  return { indexOf, order };
}

export function assertArffWritable(rows: TokenRows): void {
  if (rows.offsets[rows.offsets.length - 1] === 0)
    throw new InputError(
      'every published row is empty, and ARFF needs at least one attribute: export as csv-long',
    );
}

export function writeArff(out: TextWriter, relation: string, rows: TokenRows): void {
  assertArffWritable(rows);
  const { indexOf, order } = attributeIndex(rows);
  out.once(`@relation ${arffQuote(relation)}\n\n`);
  for (const id of order) out.once(`@attribute ${arffQuote(rows.tokens[id])} {0,1}\n`);
  out.once('\n@data\n');
  const { offsets, items } = rows;
  let indices = new Int32Array(64); // a row's attribute indices, scratch reused row after row
  for (let i = 0; i + 1 < offsets.length; i++) {
    const length = offsets[i + 1] - offsets[i];
    if (length > indices.length) indices = new Int32Array(length * 2);
    for (let k = 0; k < length; k++) indices[k] = indexOf[items[offsets[i] + k]];
    const row = indices.subarray(0, length).sort();
    out.char(OPEN);
    for (let k = 0; k < length; k++) (k > 0 ? out.char(COMMA) : out).int(row[k]).write(' 1');
    out.char(CLOSE).char(NEWLINE);
  }
}
