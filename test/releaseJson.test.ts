/** Release JSON: indented when small enough to read, compact above; the same release either way. */
import { describe, expect, it } from 'vitest';
import { INDENTED_BELOW_ROWS, releaseJson } from '../src/core/release/exportRelease.ts';
import type { TransactionsRelease } from '../src/core/release/types.ts';

const release = (rows: number): TransactionsRelease => ({
  format: 'txanon-release/1',
  model: 'k-anonymity',
  method: 'test',
  params: { k: 2 },
  seed: 1,
  sensitive: [],
  kind: 'transactions',
  transactions: Array.from({ length: rows }, (_, r) => [`item ${r % 3}`, 'b']),
});

describe('releaseJson', () => {
  it('indents a release under the threshold and writes a larger one compact, both parse back equal', () => {
    const small = release(INDENTED_BELOW_ROWS - 1);
    const large = release(INDENTED_BELOW_ROWS);
    expect(releaseJson(small)).toContain('\n "transactions": [');
    expect(releaseJson(large)).not.toContain('\n');
    expect(JSON.parse(releaseJson(small))).toEqual(small);
    expect(JSON.parse(releaseJson(large))).toEqual(large);
  });
});
