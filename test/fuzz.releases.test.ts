/**
 * Fuzz suite (issue 21): tampered releases of every kind are never `verified: true`. Real releases
 * are made by the methods on small random datasets (fast-check's seed: fixed by default,
 * `FC_SEED=random` explores); each property run tampers with one of them (tamper.ts: drop, add,
 * duplicate, move a row; change an item; lower a count; remove a column; change the mapping; a
 * wrong shape in the release or its audit) and reads it back as `evaluate` does (readRelease.ts,
 * then the verifier). The outcome must be a ReleaseFormatError naming the JSON path (exit 2 in the
 * CLI) or `verified: false`; anything else thrown would be an exit 1 and fails the property.
 *
 * One change is no tamper the model can see: moving a row of a `transactions` release into
 * another class (or changing its items into another class's) while every class keeps k rows and
 * only items its rows hold. That is another k-anonymous publication of the same input, which no
 * verifier of PTA Def. 1 can tell from the original; such runs are set aside (fc.pre) and counted.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../src/core/data/dataset.ts';
import { ReleaseFormatError } from '../src/core/release/parseRelease.ts';
import type { ReleaseKind } from '../src/core/release/types.ts';
import { rowKey } from '../src/core/release/verifyTransactions.ts';
import { verifyRelease } from '../src/core/release/verify.ts';
import { readRelease } from '../src/core/run/readRelease.ts';
import { runExtra } from '../src/core/run/runExtra.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { InputError } from '../src/core/base/errors.ts';
import { datasetOf } from './helpers.ts';
import { auditToPlain, releaseToPlain } from '../src/core/release/plainRelease.ts';
import { canonical, SEMANTIC_OPS, SHAPE_OPS, tamper, type TamperChoice } from './tamper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- releases are handled as the JSON they are */
interface Base {
  dataset: Dataset;
  release: any;
  audit: any;
  label: string;
}

/** Tampered releases checked per kind and run (5 kinds: 1,500 a run). */
const RUNS_PER_KIND = 300;

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
  itemsets: () => [
    { method: 'privbasis', params: { epsilon: 5, k: 5 }, seed: 1, seededNoise: true },
    { method: 'privbasis', params: { epsilon: 2, k: 8 }, seed: 2, seededNoise: true },
  ],
};

/** Small datasets: 16 to 40 rows of 1 to 5 items out of 12, from the suite's fast-check seed. */
const datasets = [
  ...fc.sample(
    fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 5 }), {
      minLength: 16,
      maxLength: 40,
    }),
    5,
  ),
  // One known to suit every model, so that no kind is ever left without a release.
  Array.from({ length: 40 }, (_, i) => [i % 4, 4 + ((i * 3) % 5), 10 + ((i * 7) % 6)]),
].map((rows) => datasetOf(rows));

function basesOf(kind: ReleaseKind): Base[] {
  const bases: Base[] = [];
  for (const dataset of datasets) {
    for (const request of REQUESTS[kind](dataset)) {
      try {
        const { release, audit } = runMethod(dataset, request);
        bases.push({
          dataset,
          release: releaseToPlain(release),
          audit: auditToPlain(audit),
          label: request.method,
        });
      } catch (error) {
        if (!(error instanceof InputError)) throw error; // an infeasible setting on this dataset
      }
    }
  }
  return bases;
}

type Outcome = { verdict: 'rejected'; message: string } | { verdict: 'verified' | 'unverified' };

/** `evaluate`'s reading: the release's and audit's shapes and header, then the verifier. */
function evaluate(dataset: Dataset, release: unknown, audit: unknown): Outcome {
  try {
    const read = readRelease(
      { text: JSON.stringify(release), file: 'release.json' },
      { text: JSON.stringify(audit), file: 'audit.json' },
    );
    return { verdict: verifyRelease(dataset, read.release, read.audit).verified ? 'verified' : 'unverified' };
  } catch (error) {
    if (error instanceof ReleaseFormatError) return { verdict: 'rejected', message: error.message };
    throw error;
  }
}

/**
 * Whether a changed `transactions` release is still a k-anonymous publication of its input that the
 * model cannot tell apart: as many rows as the input, the audit a permutation, rows of input items
 * each once, every class of k rows or more, every published item held by a row of its class.
 */
function indistinguishable(dataset: Dataset, release: any, audit: any): boolean {
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

const counted: Record<string, number> = {};
const setAside: Record<string, number> = {};
const bump = (tally: Record<string, number>, key: string) => (tally[key] = (tally[key] ?? 0) + 1);

describe('fuzz: a tampered release is never verified', () => {
  for (const kind of ['groups', 'transactions', 'generalized', 'buckets', 'itemsets'] as const) {
    it(`${kind}: ${RUNS_PER_KIND} tampered releases, each rejected (with its JSON path) or verified: false`, () => {
      const bases = basesOf(kind);
      expect(bases.length).toBeGreaterThanOrEqual(2);
      for (const base of bases)
        expect(evaluate(base.dataset, base.release, base.audit).verdict).toBe('verified');
      const choice: fc.Arbitrary<TamperChoice & { base: number }> = fc.record({
        base: fc.nat(),
        op: fc.constantFrom(...SEMANTIC_OPS[kind], ...SHAPE_OPS),
        a: fc.nat(),
        b: fc.nat(),
        c: fc.nat(),
      });
      fc.assert(
        fc.property(choice, (pick) => {
          const base = bases[pick.base % bases.length];
          const tokens = base.dataset.dictionary.tokens;
          const changed = tamper(base.release, base.audit, pick, tokens);
          // A tamper that does not apply (no row to drop) or changes nothing visible is no tamper.
          fc.pre(changed !== null);
          const semantic = changed!.path === undefined;
          fc.pre(
            !semantic || canonical(changed!.release, changed!.audit) !== canonical(base.release, base.audit),
          );
          if (
            kind === 'transactions' &&
            base.release.model !== 'differential-privacy' &&
            semantic &&
            indistinguishable(base.dataset, changed!.release, base.audit)
          ) {
            bump(setAside, pick.op);
            fc.pre(false);
          }
          const outcome = evaluate(base.dataset, changed!.release, changed!.audit);
          expect(outcome.verdict, `${base.label} ${pick.op}`).not.toBe('verified');
          if (outcome.verdict === 'rejected') {
            expect(outcome.message).toMatch(/^(release|audit)\.json: /);
            if (changed!.path !== undefined) expect(outcome.message).toContain(changed!.path);
          } else expect(semantic || changed!.path !== undefined).toBe(true);
          bump(counted, `${kind} ${pick.op}`);
        }),
        { numRuns: RUNS_PER_KIND, maxSkipsPerRun: 10 },
      );
    });
  }

  it('counted at least 1,000 tampered releases over the five kinds, of every sort', () => {
    const total = Object.values(counted).reduce((s, n) => s + n, 0);
    expect(total).toBeGreaterThanOrEqual(1000);
    for (const kind of Object.keys(SEMANTIC_OPS) as ReleaseKind[])
      for (const op of [...SEMANTIC_OPS[kind], ...SHAPE_OPS])
        expect(counted[`${kind} ${op}`] ?? 0, `${kind} ${op}`).toBeGreaterThan(0);
  });
});

afterAll(() => {
  const total = Object.values(counted).reduce((s, n) => s + n, 0);
  const aside = Object.values(setAside).reduce((s, n) => s + n, 0);
  console.log(
    `fuzz.releases: ${total} tampered releases checked; ${aside} transactions changes the model cannot see set aside`,
  );
});
