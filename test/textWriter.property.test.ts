/**
 * The exporters write through TextWriter (issue 16: export within the budget of the work after
 * the method): the text is exactly the strings appended, whatever they hold (non-ASCII, emoji, a
 * lone surrogate, a byte-order mark, markup), its bytes are that text as UTF-8, a field is its
 * quoted text, and csvLongBytes and csvTableBytes write what joining a string per line wrote before.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvQuoter, csvTableBytes } from '../src/core/release/export/csvField.ts';
import { csvLongBytes } from '../src/core/release/export/csvLong.ts';
import { TextWriter } from '../src/core/release/export/textWriter.ts';

const field = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('whole milk', 'a,b', 'say "hi"', '\uFEFFbom', '😀', '\uD800', '<b>x</b>', 'é', '', '12'),
);

describe('TextWriter', () => {
  it('writes exactly the strings and numbers appended', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            field,
            fc.nat(),
            fc.constantFrom(0x2c, 0x0a).map((c) => ({ c })),
            field.map((f) => ({ f })),
          ),
          {
            maxLength: 40,
          },
        ),
        (parts) => {
          const quote = csvQuoter();
          const out = new TextWriter();
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
            } else {
              out.char(part.c);
              expected += String.fromCharCode(part.c);
            }
          }
          expect(out.text()).toBe(expected);
          expect(Buffer.concat(out.parts())).toEqual(Buffer.from(new TextEncoder().encode(expected)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('csvLongBytes and csvTableBytes write, as UTF-8, what a join per line wrote', () => {
    const utf8 = (text: string) => new TextEncoder().encode(text);
    const rows = fc.array(fc.array(field, { maxLength: 4 }), { maxLength: 12 });
    fc.assert(
      fc.property(rows, fc.array(fc.nat({ max: 30 }), { maxLength: 12 }), (items, groups) => {
        const quote = csvQuoter();
        const lines = ['group,row,item'];
        items.forEach((row, i) => {
          const prefix = `${groups[i] ?? 0},${i + 1},`;
          lines.push(row.length === 0 ? prefix : prefix + row.map(quote).join(`\n${prefix}`));
        });
        const bytes = csvLongBytes(['group', 'row', 'item'], (emit) =>
          items.forEach((row, i) => emit([groups[i] ?? 0], row)),
        );
        expect(Buffer.concat(bytes)).toEqual(Buffer.from(utf8(lines.join('\n') + '\n')));
        const table = [['h', 'é'], ...items.map((row) => row.slice(0, 2))];
        expect(Buffer.concat(csvTableBytes(table[0], table.slice(1)))).toEqual(
          Buffer.from(utf8(table.map((r) => r.map(quote).join(',')).join('\n') + '\n')),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every byte across chunks (several MB, a surrogate piece between them)', () => {
    const out = new TextWriter();
    const quote = csvQuoter();
    const lines: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      const item = i === 150_000 ? '\uD800' : `item ${i % 97}`;
      out.int(i).char(0x2c).field(item, quote).char(0x0a);
      lines.push(`${i},${quote(item)}\n`);
    }
    const expected = lines.join('');
    expect(out.text() === expected).toBe(true);
    expect(Buffer.concat(out.parts()).equals(new TextEncoder().encode(expected))).toBe(true);
  });
});
