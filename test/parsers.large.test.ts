/**
 * No format is ever held as one string (issue 46): text files past 2^29 characters (where a
 * JavaScript string ends, and where `Array.join` failed with `RangeError: Invalid string length`)
 * load as the CLI reads them, in chunks, the text cut into pieces (parsers/textPieces.ts). Each file
 * is written on the fly into a temporary directory and removed after; a file takes about a minute at
 * rest, so the limits are test/limits.ts's (sized for a loaded 2-core box).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDataset } from '../src/cli/readDataset.ts';
import { SPAWNS_LIMIT_MS } from './limits.ts';

const dir = mkdtempSync(join(tmpdir(), 'txanon-large-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Past the longest string V8 makes (2^29 - 24 characters). */
const CHARS = 2 ** 29 + 2 ** 20;

/** Writes `head`, then `line(i)` for i = 0, 1, ... until the file passes CHARS bytes; returns the lines. */
function writeFile(name: string, head: string, line: (i: number) => string): { path: string; lines: number } {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  writeSync(fd, head);
  let bytes = head.length;
  let lines = 0;
  while (bytes < CHARS) {
    const block: string[] = [];
    for (let k = 0; k < 10_000; k++) block.push(line(lines++));
    const text = block.join('');
    writeSync(fd, text);
    bytes += text.length;
  }
  closeSync(fd);
  return { path, lines };
}

describe('files past 2^29 characters load (no format held as one string)', () => {
  it(
    'csv-basket',
    async () => {
      // Rows of 3 to 9 named items, one of them quoted with a comma inside.
      const { path, lines } = writeFile('baskets.csv', '', (i) => {
        const items = Array.from({ length: 3 + (i % 7) }, (_, k) => `item${(i * 7 + k * 13) % 5000}`);
        return `${items.join(',')},"x,${i % 3}"\n`;
      });
      const { dataset, format } = await readDataset(path, { format: 'csv-basket' });
      expect(format).toBe('csv-basket');
      expect(dataset.n).toBe(lines);
      expect(dataset.d).toBe(5003);
      expect(dataset.rowTokens(lines - 1)).toContain(`x,${(lines - 1) % 3}`);
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    'relational CSV',
    async () => {
      // Long values, so that the records (held to bucket the numeric columns) stay few.
      const pad = 'v'.repeat(2000);
      const { path, lines } = writeFile(
        'people.csv',
        'age,note\n',
        (i) => `${20 + (i % 50)},${pad}${i % 4}\n`,
      );
      const { dataset } = await readDataset(path, { format: 'relational' });
      expect(dataset.n).toBe(lines);
      expect(dataset.d).toBe(20 + 4);
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    'ARFF',
    async () => {
      const head =
        '@relation big\n@attribute a {t}\n@attribute b numeric\n@attribute c {x,y,z}\n@attribute s string\n@data\n';
      const s = `'${'w'.repeat(1000)}'`;
      const { path, lines } = writeFile(
        'big.arff',
        head,
        (i) => `${i % 2 ? 't' : '?'},${i % 3},${'xyz'[i % 3]},${s}\n`,
      );
      const { dataset, format } = await readDataset(path, {});
      expect(format).toBe('arff');
      expect(dataset.n).toBe(lines);
      expect(dataset.dictionary.tokens.sort()).toEqual([
        'a',
        'b',
        'b=2',
        'c=x',
        'c=y',
        'c=z',
        `s=${'w'.repeat(1000)}`,
      ]);
    },
    SPAWNS_LIMIT_MS,
  );
});
