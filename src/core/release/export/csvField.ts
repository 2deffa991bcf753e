/**
 * One CSV field as papaparse writes it (quoted when it holds the delimiter, a quote, a line break or
 * blanks at its ends; quotes doubled), cached per distinct item: a release repeats few items many
 * times, so each is quoted once and the rows are plain joins. Plain fields (numbers, simple words)
 * need no quoting and skip papaparse altogether.
 */
import Papa from 'papaparse';
import type { TextWriter } from './textWriter.ts';

const COMMA = 0x2c;
const NEWLINE = 0x0a;

/** Fields papaparse writes as they are: no delimiter, quote, line break or blank at either end. */
const PLAIN = /^[\w.:/()+=-]*$/;

export function csvQuoter(): (field: string) => string {
  const cache = new Map<string, string>();
  return (field) => {
    let quoted = cache.get(field);
    if (quoted === undefined) {
      quoted = field === '' || PLAIN.test(field) ? field : Papa.unparse([[field]], { newline: '\n' });
      cache.set(field, quoted);
    }
    return quoted;
  };
}

/** A CSV table: the header line, then one line per record, every field quoted as needed. */
export function writeCsvTable(
  out: TextWriter,
  header: readonly string[],
  records: Iterable<readonly string[]>,
): void {
  const quote = csvQuoter();
  const line = (record: readonly string[]) => {
    for (let i = 0; i < record.length; i++) (i > 0 ? out.char(COMMA) : out).field(record[i], quote);
    out.char(NEWLINE);
  };
  line(header);
  for (const record of records) line(record);
}
