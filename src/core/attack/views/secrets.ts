/**
 * The knowledge split of a release with sensitive items (p-degree, Ghinita Sec. 3.1): the attacker
 * may know a person's QID items (every item not named sensitive) and tries to infer the sensitive
 * ones. A release without sensitive items has no secret and every item is a QID item.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { ReleaseHeader } from '../../release/types.ts';
import type { Secret, SecretModel } from './types.ts';

/** Input ids of the release's sensitive tokens (a flag per item). */
export function sensitiveFlags(input: Dataset, release: ReleaseHeader): Uint8Array {
  const flags = new Uint8Array(input.d);
  for (const token of release.sensitive) {
    const id = input.dictionary.find(token);
    if (id !== undefined) flags[id] = 1;
  }
  return flags;
}

/** Row `row`'s items that are not sensitive: what an attacker may know of it. */
export function qidItems(input: Dataset, sensitive: Uint8Array, row: number): number[] {
  return Array.from(input.row(row)).filter((item) => sensitive[item] === 0);
}

/** An item secret: input rows holding `item`. */
export function itemSecret(input: Dataset, item: number): Secret {
  return {
    item,
    heldBy: (row) => input.row(row).includes(item),
  };
}

/** Sensitive items as secrets (null when the release names none). */
export function sensitiveItemSecrets(input: Dataset, release: ReleaseHeader): SecretModel | null {
  if (release.sensitive.length === 0) return null;
  const sensitive = sensitiveFlags(input, release);
  return {
    known: (row) => qidItems(input, sensitive, row),
    secrets: (row) =>
      Array.from(input.row(row))
        .filter((item) => sensitive[item] === 1)
        .map((item) => itemSecret(input, item)),
  };
}
