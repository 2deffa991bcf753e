/**
 * Group-formation variants of Ghinita's p-degree methods for the investigation (none of them is in
 * src/). Each returns the groups as row lists (the last one the leftover group), like the audit of
 * the real methods.
 */
import type { Dataset } from '../../src/core/data/dataset.ts';
import { ItemRows } from '../../src/core/data/itemRows.ts';
import { createRng } from '../../src/core/base/rng.ts';
import { grayOrderOfQid } from '../../src/core/methods/shared/p-degree/grayOrderOfQid.ts';
import { reverseCuthillMcKee } from '../../src/core/methods/shared/p-degree/rcm.ts';
import { ExactNeighbours } from '../../src/core/methods/shared/p-degree/exactNeighbours.ts';
import { greedyGroups, nonConflicting } from '../../src/core/methods/shared/p-degree/greedyGroups.ts';
import { graySort } from '../../src/core/methods/shared/grayOrder.ts';
import { itemPositions, type ItemOrder } from '../../src/core/methods/shared/itemOrder.ts';
import type { SensitiveRows } from '../../src/core/methods/shared/p-degree/sensitiveRows.ts';
import { findMethod } from '../../src/core/methods/registry.ts';
import { resolveParams } from '../../src/core/methods/params.ts';
import type { GroupsAudit } from '../../src/core/release/types.ts';

/** How a candidate u is scored against t (lower is better). */
export type Score =
  /** QID Hamming distance (the implementation, Fig. 3 "dist") */
  | 'hamming'
  /** most QID items in common with t (Sec. 5.3 "(i.e., the largest number of QID items in common)"), ties by list order */
  | 'common'
  /** most items in common, ties by Hamming distance */
  | 'common-hamming'
  /** Hamming distance over all items, sensitive included */
  | 'hamming-all';

/** Runs a registered method through its spec (same code path as the CLI) and returns audit groups. */
export function runSpec(
  dataset: Dataset,
  id: string,
  raw: Record<string, string | number>,
  p: number,
  sensitive: number[],
  seed: number,
): number[][] {
  const spec = findMethod(id)!;
  const params = resolveParams(spec, { ...raw, p });
  const ctx = { rng: createRng(seed), seed, sensitive, progress: () => {}, signal: undefined };
  const result = spec.run(dataset, params, ctx as never);
  return (result.audit as GroupsAudit).groups.map((g) => [...g]);
}

class Scorer {
  private readonly stampOf: Int32Array;
  private stamp = 0;
  private tLen = 0;
  private tSens = 0;
  private tSensSet: number[] = [];
  constructor(private readonly rows: SensitiveRows) {
    this.stampOf = new Int32Array(rows.dataset.d);
  }
  setOrigin(t: number): void {
    const stamp = ++this.stamp;
    const q = this.rows.qid(t);
    for (let k = 0; k < q.length; k++) this.stampOf[q[k]] = stamp;
    this.tLen = q.length;
    this.tSens = this.rows.sensitiveOf[t].length;
    this.tSensSet = this.rows.sensitiveOf[t];
  }
  common(u: number): number {
    const q = this.rows.qid(u);
    let c = 0;
    for (let k = 0; k < q.length; k++) if (this.stampOf[q[k]] === this.stamp) c++;
    return c;
  }
  /** A sortable score: lower is better. */
  score(u: number, mode: Score): number {
    const c = this.common(u);
    const len = this.rows.qid(u).length;
    const ham = this.tLen + len - 2 * c;
    switch (mode) {
      case 'hamming':
        return ham;
      case 'hamming-all': {
        const su = this.rows.sensitiveOf[u];
        let both = 0;
        for (const x of su) if (this.tSensSet.includes(x)) both++;
        return ham + this.tSens + su.length - 2 * both;
      }
      case 'common':
        return -c;
      case 'common-hamming':
        return -c * 100000 + ham;
    }
  }
}

/**
 * CAHD (Fig. 11) along `order` with a chosen candidate score, like src/core/methods/shared/cahd.ts
 * (CL = alpha*p non-conflicting predecessors and successors among the remaining rows; ties to the
 * nearer in the order). `skipConflicts: false` builds CL from the alpha*p nearest remaining rows on
 * each side without skipping, and drops conflicting ones only when choosing.
 */
export function cahdVariant(
  rows: SensitiveRows,
  p: number,
  alpha: number,
  order: ArrayLike<number>,
  score: Score,
  opts: { skipConflicts?: boolean; sensitiveOrder?: ArrayLike<number> } = {},
): number[][] {
  const n = rows.dataset.n;
  const prev = new Int32Array(n).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let i = 0; i < order.length; i++) {
    prev[order[i]] = i > 0 ? order[i - 1] : -1;
    next[order[i]] = i + 1 < order.length ? order[i + 1] : -1;
  }
  const span = alpha * p;
  const skip = opts.skipConflicts ?? true;
  const scorer = new Scorer(rows);
  const usedAt = new Int32Array(rows.dataset.d);
  let stamp = 0;
  const isFree = (r: number): boolean => {
    if (rows.holdsSensitive[r] === 0) return true;
    const items = rows.sensitiveOf[r];
    for (const s of items) if (usedAt[s] === stamp) return false;
    for (const s of items) usedAt[s] = stamp;
    return true;
  };
  return greedyGroups(rows, p, opts.sensitiveOrder ?? order, {
    partners(t) {
      stamp++;
      for (const s of rows.sensitiveOf[t]) usedAt[s] = stamp;
      scorer.setOrigin(t);
      const list: { r: number; score: number; rank: number }[] = [];
      for (const [step, side] of [
        [prev, 0],
        [next, 1],
      ] as const) {
        let taken = 0;
        for (let r = step[t]; r !== -1 && taken < span; r = step[r]) {
          if (skip) {
            if (!isFree(r)) continue;
          }
          taken++;
          list.push({ r, score: scorer.score(r, score), rank: 2 * taken + side });
        }
      }
      list.sort((a, b) => a.score - b.score || a.rank - b.rank);
      if (skip) return list.slice(0, p - 1).map((x) => x.r);
      return nonConflicting(
        rows,
        t,
        list.map((x) => x.r),
        p - 1,
      );
    },
    removed(group) {
      for (const r of group) {
        if (prev[r] !== -1) next[prev[r]] = next[r];
        if (next[r] !== -1) prev[next[r]] = prev[r];
      }
    },
  });
}

/**
 * NNGroup (Fig. 3) with a chosen score over ALL remaining rows (exact), sensitive rows taken in
 * `sensitiveOrder`. 'hamming' with index ties and no options defers to ExactNeighbours (the
 * implementation's search). Otherwise rows sharing a QID item with t are scored and sorted, and
 * merged with the rows sharing none (their Hamming distance is |t| + |u|, common 0), so the stream
 * is in exact score order. `ties`: 'index' (Fig. 3's strict "<" over a scan in row order) or
 * 'random' (seeded). `after`: pick the p-1 nearest ignoring conflicts and drop the conflicting ones
 * afterwards; the group then fails when fewer than p-1 are left (t goes to the leftover group).
 */
export function nnVariant(
  rows: SensitiveRows,
  p: number,
  score: Score,
  sensitiveOrder: ArrayLike<number>,
  opts: { ties?: 'index' | 'random'; after?: boolean | 'chosen'; seed?: number; generic?: boolean } = {},
): number[][] {
  const n = rows.dataset.n;
  const ties = opts.ties ?? 'index';
  if (score === 'hamming' && ties === 'index' && !opts.after && !opts.generic) {
    const exact = new ExactNeighbours(rows);
    return greedyGroups(rows, p, sensitiveOrder, {
      partners: (t, remaining) => exact.partners(t, remaining, p),
      removed: (g) => exact.forget(g),
    });
  }
  const rng = createRng((opts.seed ?? 1) * 7 + 3);
  const tieKey = new Float64Array(n);
  for (let r = 0; r < n; r++) tieKey[r] = ties === 'random' ? rng.float() : r / n;
  const qidIndex = qidItemRows(rows);
  const len = (r: number) => rows.qid(r).length;
  const byLength = Array.from({ length: n }, (_, r) => r).sort(
    (a, b) => len(a) - len(b) || tieKey[a] - tieKey[b],
  );
  const scorer = new Scorer(rows);
  const seen = new Int32Array(n).fill(-1);
  const tLenOf = (t: number) => rows.qid(t).length;
  // score of a row sharing nothing with t
  const noneScore = (t: number, u: number): number => {
    switch (score) {
      case 'hamming':
        return tLenOf(t) + len(u);
      case 'hamming-all':
        return tLenOf(t) + len(u) + rows.sensitiveOf[t].length + rows.sensitiveOf[u].length;
      case 'common':
        return 0;
      case 'common-hamming':
        return tLenOf(t) + len(u);
    }
  };
  return greedyGroups(rows, p, sensitiveOrder, {
    partners(t, remaining) {
      scorer.setOrigin(t);
      const cand: { r: number; score: number }[] = [];
      seen[t] = t;
      for (const item of rows.qid(t)) {
        for (const u of qidIndex[item]) {
          if (seen[u] === t || remaining[u] !== 1) continue;
          seen[u] = t;
          cand.push({ r: u, score: scorer.score(u, score) });
        }
      }
      cand.sort((a, b) => a.score - b.score || tieKey[a.r] - tieKey[b.r]);
      function* all(): Generator<number> {
        let i = 0;
        // rows sharing nothing, in increasing score (hamming: by length), merged with cand
        const none = function* () {
          for (const u of byLength) if (u !== t && remaining[u] === 1 && seen[u] !== t) yield u;
        };
        const it = none();
        let nx = it.next();
        while (i < cand.length || !nx.done) {
          if (nx.done) yield cand[i++].r;
          else if (i >= cand.length) {
            yield nx.value as number;
            nx = it.next();
          } else {
            const a = cand[i];
            const bs = noneScore(t, nx.value as number);
            if (a.score < bs || (a.score === bs && tieKey[a.r] < tieKey[nx.value as number])) {
              yield a.r;
              i++;
            } else {
              yield nx.value as number;
              nx = it.next();
            }
          }
        }
      }
      if (!opts.after) return nonConflicting(rows, t, all(), p - 1);
      const first: number[] = [];
      for (const u of all()) {
        if (opts.after === 'chosen' && rows.conflicts(t, u)) continue;
        first.push(u);
        if (first.length === p - 1) break;
      }
      const kept = nonConflicting(rows, t, first, p - 1);
      return kept; // fewer than p-1 when some conflicted: greedyGroups then skips t
    },
  });
}

function qidItemRows(rows: SensitiveRows): number[][] {
  const lists: number[][] = Array.from({ length: rows.dataset.d }, () => []);
  for (let r = 0; r < rows.dataset.n; r++) for (const i of rows.qid(r)) lists[i].push(r);
  return lists;
}

export function grayOrder(
  rows: SensitiveRows,
  order: ItemOrder | 'all-support' | 'support-asc',
): Uint32Array {
  if (order === 'all-support') return graySort(rows.dataset, itemPositions(rows.dataset, 'support'));
  if (order === 'support-asc') {
    const pos = itemPositions(rows.dataset, 'support');
    const d = rows.dataset.d;
    return graySort(
      rows.qidRows,
      Uint32Array.from(pos, (x) => d - 1 - x),
    );
  }
  return grayOrderOfQid(rows, order);
}

export function rcmOrder(rows: SensitiveRows): number[] {
  return reverseCuthillMcKee(rows).order;
}

export { ItemRows };
