import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvBasketReader } from '../src/core/data/parsers/csvBasket.ts';
import { csvByteParser } from '../src/core/data/parsers/csvByteParsers.ts';
import { csvLongReader } from '../src/core/data/parsers/csvLong.ts';
import { textStream, type ByteStream } from '../src/core/data/parsers/textStream.ts';
import type { ParseOptions } from '../src/core/data/parsers/types.ts';

/** What a parse gives, or its error's message. */
function outcome(stream: ByteStream, chunks: Uint8Array[]) {
  try {
    for (const chunk of chunks) stream.push(chunk);
    const { dataset, warnings, rowNames } = stream.finish();
    return {
      offsets: [...dataset.offsets],
      items: [...dataset.items],
      tokens: dataset.dictionary.tokens,
      warnings,
      rowNames,
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The bytes cut at `cuts`. */
function chunksOf(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const to = Math.min(bytes.length, Math.max(at, cut));
    out.push(bytes.slice(at, to));
    at = to;
  }
  out.push(bytes.slice(at));
  return out;
}

/**
 * CSV files as users and the fuzz suite write them: items with ASCII and Unicode blanks at their
 * ends, numbers with and without leading zeros, letters past ASCII, quoted fields with doubled
 * quotes, delimiters and line ends, malformed quotes, stray quotes, empty fields; LF, CR LF or
 * bare CR line ends; one or two byte-order marks; sometimes a byte that is no text (a control
 * byte, 0xff) somewhere.
 */
const field = fc.oneof(
  {
    weight: 16,
    arbitrary: fc.constantFrom('a', 'b', ' a ', '\tb', '7', '007', '0', '12', 'é', ' é\u00a0', '\u3000', ''),
  },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-c,\n" ]{0,4}$/).map((s) => `"${s.replace(/"/g, '""')}"`) },
  { weight: 1, arbitrary: fc.constantFrom('"', '"x"y', '"x" ', 'a"b', '"a\r\nb"', '"a\rb"', ' ') },
);
const rowOf = (first: fc.Arbitrary<string>) =>
  fc.tuple(first, fc.array(field, { maxLength: 3 })).map(([f, rest]) => [f, ...rest].join(','));
const tid = fc.constantFrom('1', '2', '3', ' 2', 'x', '');

function fileOf(header: fc.Arbitrary<string[]>, line: fc.Arbitrary<string>) {
  return fc
    .record({
      header,
      lines: fc.array(line, { maxLength: 14 }),
      end: fc.constantFrom('\n', '\r\n', '\r'),
      finalEnd: fc.boolean(),
      boms: fc.constantFrom(0, 0, 1, 2),
      bad: fc.option(fc.tuple(fc.nat(400), fc.constantFrom(0x01, 0xff, 0xc3, 0x00)), { freq: 5 }),
    })
    .map(({ header, lines, end, finalEnd, boms, bad }) => {
      const all = [...header, ...lines];
      const text = '\ufeff'.repeat(boms) + all.join(end) + (finalEnd && all.length ? end : '');
      const bytes = new TextEncoder().encode(text);
      if (bad && bytes.length > 0) bytes[bad[0] % bytes.length] = bad[1];
      return bytes;
    });
}

const basketFile = fileOf(fc.constant([]), rowOf(field));
const longFile = fileOf(
  fc.constantFrom(['tid,item'], ['tid,item'], ['item,tid,extra'], ['x,y'], [], ['tid']),
  fc.oneof(
    {
      weight: 12,
      arbitrary: fc.tuple(tid, fc.constantFrom('a', 'b', ' 7', '07', 'é', '')).map((f) => f.join(',')),
    },
    { weight: 2, arbitrary: rowOf(tid) },
    { weight: 1, arbitrary: tid },
  ),
);

const basket = (o: ParseOptions) => textStream(csvBasketReader(o), o.fileName, ',');
const long = (o: ParseOptions) => textStream(csvLongReader(o), o.fileName, ',');

describe('the byte tokenizer (csvBytes.ts) reads CSV baskets and tid,item as the text path does', () => {
  it('csv-basket: the same dataset, warnings and errors (file, line, column), however the bytes come', () => {
    fc.assert(
      fc.property(
        basketFile,
        fc.array(fc.nat(300), { maxLength: 6 }),
        fc.boolean(),
        (bytes, cuts, header) => {
          const options: ParseOptions = { fileName: 'b.csv', header };
          const expected = outcome(basket(options), [bytes]);
          expect(outcome(csvByteParser('csv-basket', options), chunksOf(bytes, cuts))).toEqual(expected);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('csv-long: the same dataset, tids, warnings and errors, interleaved tids and repeats included', () => {
    fc.assert(
      fc.property(longFile, fc.array(fc.nat(300), { maxLength: 6 }), (bytes, cuts) => {
        const options: ParseOptions = { fileName: 'l.csv', keepRowNames: true };
        const expected = outcome(long(options), [bytes]);
        expect(outcome(csvByteParser('csv-long', options), chunksOf(bytes, cuts))).toEqual(expected);
      }),
      { numRuns: 1500 },
    );
  });

  it('csv-long: what was read goes on to the text path, whether each tid came in one run or one came back', () => {
    // A CR inside a quoted field hands the rest to the text path, which reads it without an error.
    const files = [
      'tid,item\n1,a\n1,b\n2,"x\ry"\n2,a\n3,b\n',
      'tid,item\n1,a\n2,b\n1,c\n2,a\n1,a\n2,"x\ry"\n3,d\n1,e\n',
      'tid,item\n1,a\n2,b\n1,c\n2,a\n3,d\n',
    ];
    for (const text of files) {
      const bytes = new TextEncoder().encode(text);
      const options: ParseOptions = { fileName: 'l.csv', keepRowNames: true };
      const expected = outcome(long(options), [bytes]);
      expect(expected).not.toHaveProperty('error');
      for (const cuts of [[], [9], [13, 20]])
        expect(outcome(csvByteParser('csv-long', options), chunksOf(bytes, cuts))).toEqual(expected);
    }
  });

  it('reads well-formed files itself (no hand-on to papaparse) and names the line of a late error', () => {
    const text = 'tid,item\r\n1,"a ""b"""\r\n1,7\r\n2,7\r\n1,c\r\n1,7\r\n3\r\n';
    const bytes = new TextEncoder().encode(text);
    const got = outcome(csvByteParser('csv-long', { fileName: 'l.csv' }), chunksOf(bytes, [5, 17]));
    expect(got).toEqual({ error: "l.csv:7:1: expected at least 2 fields (up to column 'item'), found 1" });
    const ok = csvByteParser('csv-long', { fileName: 'l.csv', keepRowNames: true });
    ok.push(bytes.subarray(0, bytes.length - 3));
    const result = ok.finish();
    expect(result.rowNames).toEqual(['1', '2']);
    expect(result.dataset.dictionary.tokens).toEqual(['a "b"', '7', 'c']);
    expect(result.warnings.first).toEqual([
      { line: 6, message: 'item 7 repeats in transaction 1 (kept once)' },
    ]);
  });
});
