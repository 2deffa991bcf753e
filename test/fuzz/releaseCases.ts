/**
 * Tampered releases of every kind through `evaluate` (issue 21's tampers, tamper.ts, on the real
 * releases of releaseBases.ts): the input written as a FIMI file, the tampered release and audit
 * as JSON. A wrong shape or a key no shape names is exit 2 naming the file and the JSON path; any
 * other tamper is exit 0 with `verified: false`, or exit 2 naming the file (a header that no
 * longer fits its method). Never exit 1, never `verified: true`. Changes the model cannot see
 * (releaseBases.ts `indistinguishable`) are no tamper and are drawn again.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleaseKind } from '../../src/core/release/types.ts';
import { RELEASE_KINDS } from '../../src/core/release/releaseSchema.ts';
import { canonical, SEMANTIC_OPS, SHAPE_OPS, tamper } from '../tamper.ts';
import { caseRng, escapeRegExp, pickOf, type CaseSource, type FuzzCase } from './fuzzCase.ts';
import { basesOf, indistinguishable } from './releaseBases.ts';

const KINDS: readonly ReleaseKind[] = RELEASE_KINDS;

/** Case `index`: kinds in turn, a base release and a tamper drawn from the case's seed. */
export const releaseCase: CaseSource = (seed, index) => {
  const kind = KINDS[index % KINDS.length];
  const bases = basesOf(kind);
  for (let attempt = 0; ; attempt++) {
    const rng = caseRng(seed, 'releases', index * 1000 + attempt);
    const base = pickOf(rng, bases);
    const op = pickOf(rng, [...SEMANTIC_OPS[kind], ...SHAPE_OPS]);
    const choice = { op, a: rng.nextU32(), b: rng.nextU32(), c: rng.nextU32() };
    const changed = tamper(base.release, base.audit, choice, base.dataset.dictionary.tokens);
    if (!changed) continue;
    const semantic = changed.path === undefined;
    if (semantic && canonical(changed.release, changed.audit) === canonical(base.release, base.audit))
      continue;
    if (
      kind === 'transactions' &&
      base.release.model !== 'differential-privacy' &&
      semantic &&
      indistinguishable(base.dataset, changed.release, base.audit)
    )
      continue;
    return {
      category: 'releases',
      name: `${kind} (${base.label}): ${op}${changed.path ? ` at ${changed.path}` : ''}`,
      prepare(dir) {
        const data = join(dir, 'data.dat');
        const [release, audit] = [join(dir, 'release.json'), join(dir, 'audit.json')];
        writeFileSync(data, base.rows.map((r) => r.join(' ')).join('\n') + '\n');
        writeFileSync(release, JSON.stringify(changed.release));
        writeFileSync(audit, JSON.stringify(changed.audit));
        const file = changed.file === 'audit' ? audit : release;
        return {
          argv: ['evaluate', data, release, '--audit', audit],
          expect: semantic
            ? {
                code: [0, 2] as const,
                message: new RegExp(`^error: ${escapeRegExp(dir)}/(release|audit)\\.json: `),
                stdout: (json) =>
                  (json as { verified: boolean }).verified === false ? null : 'verified: true',
              }
            : {
                code: 2,
                message: new RegExp(`^error: ${escapeRegExp(file)}: .*${escapeRegExp(changed.path!)}`),
              },
          unchanged: [data, release, audit],
        };
      },
    } satisfies FuzzCase;
  }
};
