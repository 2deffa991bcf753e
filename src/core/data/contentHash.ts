/**
 * A dataset's content hash (issue 45: one privacy budget per dataset): SHA-256 over its rows in
 * order, each row's tokens in token order (data/tokenOrder.ts), so that the same data read from
 * another format, compressed or not, with its items numbered otherwise, hash alike. Rows are
 * separated by a newline and tokens by a tab, each token's UTF-8 length first (no token can forge a
 * separator). Hex, 64 digits.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Dataset } from './dataset.ts';
import { compareTokens } from './tokenOrder.ts';

export function datasetContentHash(dataset: Dataset): string {
  const hash = sha256.create();
  const encoded = dataset.dictionary.tokens.map((t) => {
    const bytes = utf8ToBytes(t);
    return utf8ToBytes(`${bytes.length}:${t}\t`);
  });
  const newline = utf8ToBytes('\n');
  for (let r = 0; r < dataset.n; r++) {
    const row = Array.from(dataset.row(r)).sort((a, b) =>
      compareTokens(dataset.dictionary.token(a), dataset.dictionary.token(b)),
    );
    for (const id of row) hash.update(encoded[id]);
    hash.update(newline);
  }
  return bytesToHex(hash.digest());
}
