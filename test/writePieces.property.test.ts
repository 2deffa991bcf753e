/**
 * The CLI writes large texts in pieces (src/cli/writePieces.ts): the file holds exactly the text's
 * UTF-8 and a line break, whatever the pieces cut through (emoji, lone surrogates, non-ASCII).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeFile, writeTextFile } from '../src/cli/writePieces.ts';

const dir = mkdtempSync(join(tmpdir(), 'pieces-'));

describe('writeTextFile', () => {
  it('writes the text as one writeFileSync would, for any piece size', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\uD800', '\uDC00', '\n', '日') }),
      fc.string({ unit: 'binary' }),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 7 }), (t, piece) => {
        const path = join(dir, 'text.json');
        writeTextFile(path, t, piece);
        expect(readFileSync(path).equals(Buffer.from(t + '\n'))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('writes the chunks a writer hands its sink one after the other', () => {
    const path = join(dir, 'parts.csv');
    writeFile(path, (sink) => {
      sink.write(new TextEncoder().encode('a,b\n'));
      sink.write(new TextEncoder().encode('c,😀\n'));
      sink.write(new Uint8Array(0));
    });
    expect(readFileSync(path, 'utf8')).toBe('a,b\nc,😀\n');
  });
});
