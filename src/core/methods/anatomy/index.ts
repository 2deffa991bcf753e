/**
 * `anatomy`: the Anatomy baseline (Xiao and Tao, VLDB 2006, as used by Ghinita Sec. 1.1 and 6):
 * groups are formed without looking at QID items. Sensitive transactions are taken in random order
 * and each gets p-1 partners drawn at random among the remaining transactions that conflict
 * neither with it nor with each other (one occurrence of each sensitive item per group); the same
 * histogram test as NNGroup keeps the rest feasible, and the rows left form one group.
 */
import { greedyGroups, nonConflicting } from '../shared/p-degree/greedyGroups.ts';
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';

export const anatomySpec = pDegreeMethod({
  id: 'anatomy',
  label: 'Anatomy baseline (random non-conflicting groups)',
  params: [],
  formGroups(rows, p, _params, ctx) {
    const n = rows.dataset.n;
    const order = ctx.rng.shuffle([...rows.sensitiveRows]);
    const groups = greedyGroups(
      rows,
      p,
      order,
      {
        partners(t, remaining) {
          // Random draws first (cheap when most rows are free), then a full random scan.
          const drawn: number[] = [];
          for (let attempt = 0; attempt < 8 * p; attempt++) {
            const r = ctx.rng.int(n);
            if (r !== t && remaining[r] && !drawn.includes(r)) drawn.push(r);
          }
          const partners = nonConflicting(rows, t, drawn, p - 1);
          if (partners.length === p - 1) return partners;
          const pool = ctx.rng.shuffle(
            Array.from({ length: n }, (_, r) => r).filter((r) => r !== t && remaining[r]),
          );
          return nonConflicting(rows, t, pool, p - 1);
        },
      },
      (f) => ctx.progress(f, 'groups'),
    );
    return { groups };
  },
});
