/**
 * Fuzz suite (issue 21), in the parser: malformed input files of every format
 * (fuzz/malformedFiles.ts) are refused with a ParseError naming the file, a line and a column
 * inside the file, and a reason; never read as data, never another error. Where the break has one
 * place (a byte inserted, a letter, a value), the error must name exactly that line and column.
 * The same files through the command line (exit 2, the message on stderr, gzip-compressed too)
 * are the `inputs` category of the command-line fuzz (fuzz.cli.test.ts, `npm run fuzz`).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { TextFormat as DatasetFormat } from '../src/core/data/dataset.ts';
import { parseBytes } from '../src/core/data/parsers/index.ts';
import { ParseError } from '../src/core/data/parsers/parseError.ts';
import { BREAKS, breakFile, encode, VALID } from './fuzz/malformedFiles.ts';

/** Malformed files per format and run (5 formats: 300 a run). */
const RUNS_PER_FORMAT = 60;

const tally: Record<string, number> = {};

describe('fuzz: a malformed input file is refused with its place and a reason', () => {
  for (const format of Object.keys(VALID) as DatasetFormat[]) {
    it(`${format}: ${RUNS_PER_FORMAT} malformed files, each a ParseError at the break`, () => {
      fc.assert(
        fc.property(
          VALID[format],
          fc.constantFrom(...BREAKS),
          fc.nat(),
          fc.nat(),
          fc.boolean(),
          (text, how, a, b, detect) => {
            // The valid file parses: whatever fails below, the break made it fail.
            expect(parseBytes(encode(text), { fileName: 'f', format }).dataset.n).toBeGreaterThan(0);
            const broken = breakFile(format, text, how, a, b);
            fc.pre(broken !== null);
            const fileName = `broken.${format === 'fimi' ? 'dat' : format === 'arff' ? 'arff' : 'csv'}`;
            // Binary files are refused before detection: detection may pick the format for them.
            const forced = how === 'signature' && detect ? undefined : format;
            let error: unknown = null;
            try {
              parseBytes(broken!.bytes, { fileName, format: forced });
            } catch (thrown) {
              error = thrown;
            }
            expect(
              error,
              `${how}: ${JSON.stringify(new TextDecoder().decode(broken!.bytes))}`,
            ).toBeInstanceOf(ParseError);
            const e = error as ParseError;
            expect(e.file).toBe(fileName);
            expect(e.reason).toContain(broken!.says);
            const lines = new TextDecoder().decode(broken!.bytes).split('\n').length;
            expect(e.line).toBeGreaterThanOrEqual(1);
            expect(e.line).toBeLessThanOrEqual(lines);
            expect(e.column).toBeGreaterThanOrEqual(1);
            if (broken!.at) expect([e.line, e.column], how).toEqual(broken!.at);
            tally[format] = (tally[format] ?? 0) + 1;
          },
        ),
        { numRuns: RUNS_PER_FORMAT },
      );
    });
  }

  it('refused at least 200 malformed files over the five formats', () => {
    const total = Object.values(tally).reduce((s, n) => s + n, 0);
    expect(total).toBeGreaterThanOrEqual(200);
    expect(Object.keys(tally)).toHaveLength(5);
  });
});

afterAll(() => {
  console.log(`fuzz.inputs: ${Object.values(tally).reduce((s, n) => s + n, 0)} malformed files refused`);
});
