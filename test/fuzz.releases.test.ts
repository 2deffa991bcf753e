/**
 * Fuzz suite (issue 21), in the verifiers: tampered releases of every kind are never `verified:
 * true`. Real releases (fuzz/releaseBases.ts, fast-check's seed: fixed by default, `FC_SEED=random`
 * explores) are tampered with (tamper.ts: drop, add, duplicate, move a row; change an item; lower
 * a count; remove a column; change the mapping; a wrong shape in the release or its audit; a key
 * no shape names) and read back as `evaluate` does (readRelease.ts, then the verifier). The
 * outcome must be a ReleaseFormatError naming the JSON path (exit 2 in the CLI) or `verified:
 * false`; anything else thrown would be an exit 1 and fails the property. A change the model
 * cannot see (fuzz/releaseBases.ts `indistinguishable`) is set aside (fc.pre) and counted. The
 * same tampers through the command line are the `releases` category of fuzz.cli.test.ts.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../src/core/data/dataset.ts';
import { ReleaseFormatError } from '../src/core/release/parseRelease.ts';
import type { ReleaseKind } from '../src/core/release/types.ts';
import { verifyRelease } from '../src/core/release/verify.ts';
import { readRelease } from '../src/core/run/readRelease.ts';
import { basesOf, indistinguishable } from './fuzz/releaseBases.ts';
import { RELEASE_KINDS } from '../src/core/release/releaseSchema.ts';
import { canonical, SEMANTIC_OPS, SHAPE_OPS, tamper, type TamperChoice } from './tamper.ts';

/** Tampered releases checked per kind and run (5 kinds: 1,500 a run). */
const RUNS_PER_KIND = 300;

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

const counted: Record<string, number> = {};
const setAside: Record<string, number> = {};
const bump = (tally: Record<string, number>, key: string) => (tally[key] = (tally[key] ?? 0) + 1);

describe('fuzz: a tampered release is never verified', () => {
  for (const kind of RELEASE_KINDS) {
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

  it('counted at least 1,000 tampered releases over the six kinds, of every sort', () => {
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
