/**
 * Real releases of every kind to tamper with (issue 21, issue 29): made by the methods on small
 * random datasets (16 to 40 rows of 1 to 5 items out of 12, from fast-check's seed, and one known
 * to suit every model), several requests per kind. Used by the verifier-level fuzz
 * (fuzz.releases.test.ts) and the command-line fuzz (fuzz/releaseCases.ts).
 *
 * One change is no tamper the model can see (`indistinguishable`): moving a row of a
 * `transactions` release into another class (or changing its items into another class's) while
 * every class keeps k rows and only items its rows hold. That is another k-anonymous publication
 * of the same input, which no verifier of PTA Def. 1 can tell from the original.
 */
import fc from 'fast-check';
import type { Dataset } from '../../src/core/data/dataset.ts';
import type { ReleaseKind } from '../../src/core/release/types.ts';
import { rowKey } from '../../src/core/release/verifyTransactions.ts';
import { runExtra } from '../../src/core/run/runExtra.ts';
import { runMethod } from '../../src/core/run/runMethod.ts';
import type { RunRequest } from '../../src/core/run/runRecord.ts';
import { InputError } from '../../src/core/base/errors.ts';
import { datasetOf } from '../helpers.ts';
import { auditToPlain, releaseToPlain } from '../../src/core/release/plainRelease.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- releases are handled as the JSON they are */
export interface Base {
  dataset: Dataset;
  rows: number[][];
  release: any;
  audit: any;
  label: string;
}

const REQUESTS: Record<ReleaseKind, (dataset: Dataset) => RunRequest[]> = {
  groups: () => [
    { method: 'gray-cahd', params: { p: 2 }, seed: 1, sensitive: { top: 2 } },
    { method: 'nn', params: { p: 2 }, seed: 2, sensitive: { random: 2 } },
    { method: 'anatomy', params: { p: 2 }, seed: 3, sensitive: { top: 1 } },
  ],
  transactions: () => [
    { method: 'pta', params: { k: 2 }, seed: 1 },
    { method: 'pta', params: { k: 3 }, seed: 2 },
    { method: 'patternka', params: { k: 2 }, seed: 3 },
    // DiffPart's synthetic rows, at an epsilon large enough that rows are published.
    { method: 'diffpart', params: { epsilon: 20, f: 3 }, seed: 4, seededNoise: true },
  ],
  generalized: (dataset) => [
    { method: 'coat', params: { k: 2, m: 2 }, seed: 1 },
    { method: 'apriori-km', params: { k: 2, m: 2 }, seed: 2 },
    {
      method: 'coat',
      params: {
        k: 2,
        m: 0,
        constraints: JSON.stringify(
          runExtra(dataset, { method: 'coat', params: { k: 2 }, seed: 1, extra: 'pgen' }),
        ),
      },
      seed: 3,
    },
  ],
  buckets: () => [
    { method: 'multi-anatomy', params: { l: 2, columns: 2 }, seed: 1 },
    { method: 'multi-anatomy', params: { l: 2, columns: 3 }, seed: 2 },
  ],
  disassociated: () => [
    { method: 'disassociation', params: { k: 2, m: 2, maxCluster: 4 }, seed: 1 },
    { method: 'disassociation', params: { k: 3, m: 1, maxCluster: 8 }, seed: 2 },
    { method: 'disassociation', params: { k: 2, m: 2, maxCluster: 6, safe: true }, seed: 3 },
  ],
  itemsets: () => [
    { method: 'privbasis', params: { epsilon: 5, k: 5 }, seed: 1, seededNoise: true },
    { method: 'privbasis', params: { epsilon: 2, k: 8 }, seed: 2, seededNoise: true },
  ],
};

/** Small datasets: 16 to 40 rows of 1 to 5 items out of 12, from the suite's fast-check seed. */
/** The datasets, with their rows (a FIMI file of them parses to the same dataset). */
export const DATASETS: { rows: number[][]; dataset: Dataset }[] = [
  ...fc.sample(
    fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 5 }), {
      minLength: 16,
      maxLength: 40,
    }),
    5,
  ),
  // One known to suit every model, so that no kind is ever left without a release.
  Array.from({ length: 40 }, (_, i) => [i % 4, 4 + ((i * 3) % 5), 10 + ((i * 7) % 6)]),
].map((rows) => ({ rows, dataset: datasetOf(rows) }));

const bases = new Map<ReleaseKind, Base[]>();

/** The releases of `kind` on every dataset where its requests are feasible (made once). */
export function basesOf(kind: ReleaseKind): Base[] {
  const made = bases.get(kind);
  if (made) return made;
  const list: Base[] = [];
  for (const { dataset, rows } of DATASETS) {
    for (const request of REQUESTS[kind](dataset)) {
      try {
        const { release, audit } = runMethod(dataset, request);
        list.push({
          dataset,
          rows,
          release: releaseToPlain(release),
          audit: auditToPlain(audit),
          label: request.method,
        });
      } catch (error) {
        if (!(error instanceof InputError)) throw error; // an infeasible setting on this dataset
      }
    }
  }
  bases.set(kind, list);
  return list;
}

/**
 * Whether a changed `transactions` release is still a k-anonymous publication of its input that the
 * model cannot tell apart: as many rows as the input, the audit a permutation, rows of input items
 * each once, every class of k rows or more, every published item held by a row of its class.
 */
export function indistinguishable(dataset: Dataset, release: any, audit: any): boolean {
  const rows: string[][] = release.transactions;
  if (rows.length !== dataset.n || audit.rowOf.length !== dataset.n) return false;
  if (new Set(audit.rowOf).size !== dataset.n) return false;
  const classes = new Map<string, { size: number; value: string[]; held: Set<string> }>();
  for (let p = 0; p < rows.length; p++) {
    const row = rows[p];
    if (new Set(row).size !== row.length || row.some((t) => dataset.dictionary.find(t) === undefined))
      return false;
    const key = rowKey(row);
    const c = classes.get(key) ?? { size: 0, value: row, held: new Set<string>() };
    classes.set(key, c);
    c.size++;
    for (const t of dataset.rowTokens(audit.rowOf[p])) c.held.add(t);
  }
  const k = Number(release.params.k);
  return [...classes.values()].every((c) => c.size >= k && c.value.every((t) => c.held.has(t)));
}
/* eslint-enable @typescript-eslint/no-explicit-any */
