/**
 * The release JSON and the exporters write through TextWriter into a sink, chunk after chunk
 * (issues 16 and 31: nothing that grows with the data is one string): the bytes are exactly the
 * strings appended as UTF-8 (TextEncoder's encoding of the whole text, so a surrogate pair split
 * over two strings is joined again and a lone surrogate is U+FFFD), whatever they hold (non-ASCII,
 * emoji, a byte-order mark, markup), however small the chunk; a field is its quoted text, and
 * csv-long and CSV tables write what joining a string per line wrote before.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvQuoter, writeCsvTable } from '../src/core/release/export/csvField.ts';
import { writeCsvLong } from '../src/core/release/export/csvLong.ts';
import {
  MemorySink,
  TextWriter,
  TokenBytes,
  joinParts,
  writtenParts,
} from '../src/core/release/export/textWriter.ts';
import { tokenRowsOf } from '../src/core/release/tokenRows.ts';

const field = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    'whole milk',
    'a,b',
    'say "hi"',
    '\uFEFFbom',
    '😀',
    '\uD800',
    '\uDE00',
    '<b>x</b>',
    'é',
    '',
    '12',
  ),
);
const utf8 = (text: string) => Buffer.from(new TextEncoder().encode(text));

describe('TextWriter', () => {
  it('writes exactly the strings and numbers appended, for any chunk size', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            field,
            fc.nat(),
            fc.constantFrom(0x2c, 0x0a).map((c) => ({ c })),
            field.map((f) => ({ f })),
            field.map((o) => ({ o })),
          ),
          { maxLength: 40 },
        ),
        fc.integer({ min: 16, max: 64 }),
        (parts, chunk) => {
          const quote = csvQuoter();
          const sink = new MemorySink();
          const out = new TextWriter(sink, chunk);
          let expected = '';
          for (const part of parts) {
            if (typeof part === 'string') {
              out.write(part);
              expected += part;
            } else if (typeof part === 'number') {
              out.int(part);
              expected += String(part);
            } else if ('f' in part) {
              out.field(part.f, quote);
              expected += quote(part.f);
            } else if ('o' in part) {
              out.once(part.o);
              expected += part.o;
            } else {
              out.char(part.c);
              expected += String.fromCharCode(part.c);
            }
          }
          out.end();
          expect(Buffer.from(joinParts(sink.parts))).toEqual(utf8(expected));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes rows of tokens (short ones as two words) exactly, across chunks of any size', () => {
    fc.assert(
      fc.property(
        fc.array(field, { minLength: 1, maxLength: 12 }),
        fc.array(fc.array(fc.nat(), { maxLength: 9 }), { maxLength: 12 }),
        fc.integer({ min: 16, max: 48 }),
        (tokens, rows, chunk) => {
          const table = new TokenBytes(tokens, (t) => JSON.stringify(t));
          const sink = new MemorySink();
          const out = new TextWriter(sink, chunk);
          let expected = '';
          for (const row of rows) {
            const ids = row.map((i) => i % tokens.length);
            out.char(0x5b).tokens(table, ids, 0, ids.length, 0x2c).char(0x5d);
            expected += `[${ids.map((id) => JSON.stringify(tokens[id])).join(',')}]`;
          }
          out.end();
          expect(Buffer.from(joinParts(sink.parts))).toEqual(utf8(expected));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writeCsvLong and writeCsvTable write, as UTF-8, what a join per line wrote', () => {
    const rows = fc.array(fc.array(field, { maxLength: 4 }), { maxLength: 12 });
    fc.assert(
      fc.property(rows, fc.array(fc.nat({ max: 30 }), { maxLength: 12 }), (items, groups) => {
        const quote = csvQuoter();
        const lines = ['group,row,item'];
        items.forEach((row, i) => {
          const prefix = `${groups[i] ?? 0},${i + 1},`;
          lines.push(row.length === 0 ? prefix : prefix + row.map(quote).join(`\n${prefix}`));
        });
        const typedRows = tokenRowsOf(items);
        const bytes = writtenParts((out) =>
          writeCsvLong(out, ['group', 'row', 'item'], typedRows, (emit) =>
            items.forEach((_, i) => emit([groups[i] ?? 0], i)),
          ),
        );
        expect(Buffer.from(joinParts(bytes))).toEqual(utf8(lines.join('\n') + '\n'));
        const table = [['h', 'é'], ...items.map((row) => row.slice(0, 2))];
        expect(
          Buffer.from(joinParts(writtenParts((out) => writeCsvTable(out, table[0], table.slice(1))))),
        ).toEqual(utf8(table.map((r) => r.map(quote).join(',')).join('\n') + '\n'));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every byte across chunks (several MB, a surrogate piece between them)', () => {
    const sink = new MemorySink();
    const out = new TextWriter(sink);
    const quote = csvQuoter();
    const lines: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      const item = i === 150_000 ? '\uD800' : `item ${i % 97}`;
      out.int(i).char(0x2c).field(item, quote).char(0x0a);
      lines.push(`${i},${quote(item)}\n`);
    }
    out.end();
    expect(sink.parts.length).toBeGreaterThan(2);
    expect(Buffer.from(joinParts(sink.parts)).equals(utf8(lines.join('')))).toBe(true);
  });
});
