/**
 * `anatomy`: the Anatomy baseline (Xiao and Tao, VLDB 2006, as used by Ghinita Sec. 1.1 and 6):
 * groups are formed without looking at QID items. Sensitive transactions are taken in random order
 * and each gets p-1 partners drawn at random among the remaining transactions that conflict
 * neither with it nor with each other (one occurrence of each sensitive item per group); the same
 * histogram test as NNGroup keeps the rest feasible, and the rows left form one group. A recorded
 * run notes the rows each query drew (anatomySteps.ts).
 */
import { greedyGroups, nonConflicting } from '../shared/p-degree/greedyGroups.ts';
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';
import { drawsAccount, randomOrderStep } from './anatomySteps.ts';

export const anatomySpec = pDegreeMethod({
  id: 'anatomy',
  label: 'Anatomy baseline (random non-conflicting groups)',
  params: [],
  formGroups(rows, p, _params, ctx, steps) {
    const n = rows.dataset.n;
    const order = ctx.rng.shuffle([...rows.sensitiveRows]);
    // A recorded run's query: the rows the draws looked at, and whether the full scan ran.
    const drew = steps && { visited: [] as number[], scanned: false };
    if (steps) randomOrderStep(steps, order);
    const groups = greedyGroups(
      rows,
      p,
      order,
      {
        partners(t, remaining) {
          if (drew) [drew.visited.length, drew.scanned] = [0, false];
          // Random draws first (cheap when most rows are free), then a full random scan.
          const drawn: number[] = [];
          for (let attempt = 0; attempt < 8 * p; attempt++) {
            const r = ctx.rng.int(n);
            if (r !== t && remaining[r] && !drawn.includes(r)) drawn.push(r);
          }
          const partners = nonConflicting(rows, t, drawn, p - 1, drew?.visited);
          if (partners.length === p - 1) return partners;
          const pool = ctx.rng.shuffle(
            Array.from({ length: n }, (_, r) => r).filter((r) => r !== t && remaining[r]),
          );
          if (drew) [drew.visited.length, drew.scanned] = [0, true];
          return nonConflicting(rows, t, pool, p - 1, drew?.visited);
        },
        describe: (t, partners, steps) => drawsAccount(steps, t, partners, drew!),
      },
      (f) => ctx.progress(f, 'groups'),
      steps,
    );
    return { groups };
  },
});
