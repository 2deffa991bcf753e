/**
 * PermMondrian (Ghinita Sec. 6.2): counts carried from a partition to its larger side
 * (splitCounts.ts) choose the same splits, in the same order, as counting every partition afresh.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { permMondrianGroups } from '../src/core/methods/perm-mondrian/index.ts';
import { SensitiveRows } from '../src/core/methods/shared/p-degree/sensitiveRows.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';

describe('PermMondrian with carried counts', () => {
  it('gives the groups of counting afresh, for any size that carries counts (property)', () => {
    fc.assert(
      fc.property(
        arbitraryRows(12, 80, 8),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 1, max: 20 }),
        (rowsIn, sensitiveCount, p, carryFrom) => {
          const dataset = datasetOf(rowsIn);
          const sensitive = Array.from({ length: Math.min(sensitiveCount, dataset.d) }, (_, i) => i);
          const rows = new SensitiveRows(dataset, sensitive);
          const held = rowsIn.filter((row) => row.some((i) => sensitive.includes(i))).length;
          if (held === 0) return;
          // infeasible inputs are the template's concern (Theorem 1); here only the splitting
          const afresh = permMondrianGroups(rows, p, undefined, Infinity);
          expect(permMondrianGroups(rows, p, undefined, carryFrom)).toEqual(afresh);
          expect(afresh.flat().sort((a, b) => a - b)).toEqual(rowsIn.map((_, r) => r));
        },
      ),
      { numRuns: 300 },
    );
  });
});
