/**
 * The minimal moles of (h,k,p)-coherence (Xu, Wang, Fung, Yu, "Anonymizing transaction databases
 * for publication", KDD 2008), found level by level. The items are public or private. For a set β
 * of public items, its β-cohort is the rows holding β and Sup(β) their number; the probability
 * that a row of the cohort holds a private item e is P(β → e) = Sup(β ∪ {e}) / Sup(β), and the
 * breach probability Pbreach(β) its largest value over e (Sec. 2). The rows are (h,k,p)-coherent
 * when every β of at most p public items with Sup(β) > 0 has Sup(β) >= k and Pbreach(β) <= h
 * (Sec. 2, the definition of coherence); a β that fails is a *mole*, and a mole whose proper
 * subsets are all non-moles a *minimal mole* (Sec. 4). A non-mole is *extendible* when it contains
 * no mole: Sup(β) < k carries over to supersets, Pbreach does not (a superset may be less
 * confident), so a non-mole may hold a mole.
 *
 * The search is the paper's Apriori-like one (Sec. 4, "finding minimal moles"): level i counts the
 * i-itemsets all of whose (i-1)-subsets are extendible non-moles (F_{i-1}); those that are moles
 * are the minimal moles M_i, the others F_i. Level 1 counts every public item with its private
 * items in arrays; level 2 counts pairs one first item at a time (data/pairsByFirst.ts, the pair
 * counter of the k^m checks: d counts held, never d^2), each row's private items adding to one
 * array of d counts per private item; levels above 2 walk each row's itemsets whose prefixes are in
 * F and count the candidates in a TupleIndex. Only items of F_1 are ever paired.
 *
 * The same search is the verifier's check (verifyCoherence.ts) and the method's first phase
 * (methods/hkp-coherence): while no mole has been met at the levels below i, F_{i-1} holds every
 * (i-1)-itemset that occurs, so level i counts every i-itemset that occurs; the rows are coherent
 * exactly when the search finds no mole, and a search that stops at the first moles it meets
 * (`limit`) still answers that question.
 */
import { holdersOf, PairCountsByFirst } from '../data/pairsByFirst.ts';
import { TupleIndex } from '../data/tupleIndex.ts';
import { U32Vec } from '../data/u32Vec.ts';

export interface CoherenceLevels {
  /** The largest P(β → e) allowed, a fraction in (0, 1]. */
  readonly h: number;
  /** The smallest cohort allowed. */
  readonly k: number;
  /** The most public items an attacker knows. */
  readonly p: number;
}

/** Rows as CSR over ids below d (each row's ids distinct, ascending), with the private ids marked. */
export interface CoherenceRows {
  readonly offsets: ArrayLike<number>;
  readonly ids: ArrayLike<number>;
  readonly d: number;
  /** isPrivate[id] === 1 for a private item. */
  readonly isPrivate: Uint8Array;
}

/** Marks a mole whose cohort is too small (no private item breached). */
export const SMALL_COHORT = 0xffffffff;

/** Whether a private item held by `withPrivate` of a cohort of `support` rows breaches h (Sec. 2). */
export const breaches = (withPrivate: number, support: number, h: number): boolean =>
  withPrivate / support > h;

/** The minimal moles of one size, flat: mole i is items[i*size .. (i+1)*size), ascending ids. */
export class MoleList {
  readonly items = new U32Vec(64);
  readonly support = new U32Vec(16);
  /** The private item whose P(β → e) exceeds h (the most confident one), or SMALL_COHORT. */
  readonly breachItem = new U32Vec(16);
  /** Sup(β ∪ {e}) of that item (0 for a small cohort). */
  readonly breachSupport = new U32Vec(16);

  constructor(readonly size: number) {}

  get count(): number {
    return this.support.length;
  }

  /** Mole i's items (a view). */
  moleItems(i: number): Uint32Array {
    return this.items.data.subarray(i * this.size, (i + 1) * this.size);
  }

  add(tuple: ArrayLike<number>, support: number, breachItem: number, breachSupport: number): void {
    for (let j = 0; j < this.size; j++) this.items.push(tuple[j]);
    this.support.push(support);
    this.breachItem.push(breachItem);
    this.breachSupport.push(breachSupport);
  }
}

export interface MoleSearch {
  /** moles[s - 1]: the minimal moles of s public items, s = 1..p (fewer when the search ended early). */
  readonly moles: MoleList[];
  /** extendible[s - 1]: how many extendible non-moles of s items the search kept. */
  readonly extendible: number[];
  /** Every id's support in the rows (private items' too). */
  readonly supports: Uint32Array;
  /** Whether the search stopped at its limit of moles before the last level. */
  readonly stopped: boolean;
}

/** Classifies one counted itemset: a mole's breach item and count (SMALL_COHORT, 0 for a small cohort), or null for a non-mole. */
function judge(
  support: number,
  privateCount: (e: number) => number,
  privates: readonly number[],
  levels: CoherenceLevels,
): { item: number; count: number } | null {
  if (support < levels.k) return { item: SMALL_COHORT, count: 0 };
  let worst = -1;
  let most = 0;
  for (let e = 0; e < privates.length; e++) {
    const c = privateCount(e);
    if (c > most) {
      most = c;
      worst = e;
    }
  }
  return worst >= 0 && breaches(most, support, levels.h) ? { item: privates[worst], count: most } : null;
}

/** The minimal moles of the rows (see the module comment); at most `limit` of them when given. */
export function findMinimalMoles(rows: CoherenceRows, levels: CoherenceLevels, limit = Infinity): MoleSearch {
  const { offsets, ids, d, isPrivate } = rows;
  const n = offsets.length - 1;
  const privates: number[] = [];
  for (let id = 0; id < d; id++) if (isPrivate[id] === 1) privates.push(id);
  const P = privates.length;
  const privateIndex = new Int32Array(d).fill(-1);
  privates.forEach((id, e) => (privateIndex[id] = e));
  const moles: MoleList[] = [];
  const extendible: number[] = [];
  let found = 0;
  const result = (stopped: boolean): MoleSearch => ({ moles, extendible, supports, stopped });

  // Level 1: every public item and the private items of its rows.
  const supports = new Uint32Array(d);
  const withPrivate = new Uint32Array(d * P);
  const rowPrivates: number[] = [];
  for (let r = 0; r < n; r++) {
    rowPrivates.length = 0;
    for (let t = offsets[r]; t < offsets[r + 1]; t++)
      if (privateIndex[ids[t]] >= 0) rowPrivates.push(privateIndex[ids[t]]);
    for (let t = offsets[r]; t < offsets[r + 1]; t++) {
      const id = ids[t];
      supports[id]++;
      if (privateIndex[id] < 0) for (const e of rowPrivates) withPrivate[id * P + e]++;
    }
  }
  const ones = new MoleList(1);
  moles.push(ones);
  const inF1 = new Uint8Array(d);
  let f1 = 0;
  for (let a = 0; a < d; a++) {
    if (isPrivate[a] === 1 || supports[a] === 0) continue;
    const verdict = judge(supports[a], (e) => withPrivate[a * P + e], privates, levels);
    if (verdict) {
      if (found++ < limit) ones.add([a], supports[a], verdict.item, verdict.count);
    } else {
      inF1[a] = 1;
      f1++;
    }
  }
  extendible.push(f1);
  if (found >= limit) return result(found > limit || levels.p > 1);
  if (levels.p < 2) return result(false);

  // The rows cut to their F_1 items, and each row's private items (as indices into `privates`).
  const kept = new U32Vec(1024);
  const keptOffsets = new Uint32Array(n + 1);
  const privs = new U32Vec(256);
  const privOffsets = new Uint32Array(n + 1);
  for (let r = 0; r < n; r++) {
    for (let t = offsets[r]; t < offsets[r + 1]; t++) {
      const id = ids[t];
      if (inF1[id] === 1) kept.push(id);
      else if (privateIndex[id] >= 0) privs.push(privateIndex[id]);
    }
    keptOffsets[r + 1] = kept.length;
    privOffsets[r + 1] = privs.length;
  }
  const cut = { offsets: keptOffsets, ids: kept.view(), privs: privs.view(), privOffsets };

  // Level 2: pairs (a, b > a) of F_1 items, one first item a at a time.
  const twos = new MoleList(2);
  moles.push(twos);
  const f2 = levels.p > 2 ? new TupleIndex(2) : null;
  let f2Count = 0;
  const holders = holdersOf(cut, d);
  const counter = new PairCountsByFirst(d);
  const pairPrivate = new Uint32Array(P * d);
  const next = Int32Array.from(keptOffsets.subarray(0, n));
  const pair = new Uint32Array(2);
  for (let a = 0; a < d && found < limit; a++) {
    const start = holders.offsets[a];
    const end = holders.offsets[a + 1];
    if (start === end) continue;
    for (let x = start; x < end; x++) {
      const r = holders.rows[x];
      const from = ++next[r];
      const to = keptOffsets[r + 1];
      if (from === to) continue;
      counter.addTracked(cut.ids, from, to);
      for (let q = privOffsets[r]; q < privOffsets[r + 1]; q++) {
        const base = cut.privs[q] * d;
        for (let t = from; t < to; t++) pairPrivate[base + cut.ids[t]]++;
      }
    }
    pair[0] = a;
    counter.takeMet((b, support) => {
      const verdict = judge(support, (e) => pairPrivate[e * d + b], privates, levels);
      for (let e = 0; e < P; e++) pairPrivate[e * d + b] = 0;
      pair[1] = b;
      if (verdict) {
        if (found++ < limit) twos.add(pair, support, verdict.item, verdict.count);
      } else {
        f2Count++;
        f2?.add(pair);
      }
    });
  }
  extendible.push(f2Count);
  if (found >= limit) return result(found > limit || levels.p > 2);
  if (!f2) return result(false);

  // Levels 3..p: the itemsets whose every (i-1)-subset is in F_{i-1}, walked row by row.
  const fIndex: (TupleIndex | null)[] = [null, null, f2]; // fIndex[s]: F_s (s >= 2)
  for (let size = 3; size <= levels.p; size++) {
    const level = countLevel(cut, size, fIndex, P);
    const list = new MoleList(size);
    moles.push(list);
    const fNext = new TupleIndex(size);
    for (let c = 0; c < level.candidates.size; c++) {
      const verdict = judge(level.support.get(c), (e) => level.withPrivate.get(c * P + e), privates, levels);
      if (verdict) {
        list.add(level.candidates.tuple(c), level.support.get(c), verdict.item, verdict.count);
        if (++found >= limit) break;
      } else fNext.add(level.candidates.tuple(c));
    }
    extendible.push(fNext.size);
    fIndex.push(fNext);
    if (found >= limit) return result(size < levels.p);
    if (fNext.size === 0) break;
  }
  return result(false);
}

/**
 * Level `size` (>= 3): in every row, each itemset of its F_1 items whose prefixes are in F and
 * whose every (size-1)-subset is in F_{size-1}, counted with the row's private items.
 */
function countLevel(
  cut: { offsets: Uint32Array; ids: Uint32Array; privs: Uint32Array; privOffsets: Uint32Array },
  size: number,
  fIndex: readonly (TupleIndex | null)[],
  P: number,
): { candidates: TupleIndex; support: U32Vec; withPrivate: U32Vec } {
  const candidates = new TupleIndex(size);
  const support = new U32Vec(1024);
  const withPrivate = new U32Vec(1024);
  const chosen = new Uint32Array(size);
  const other = new Uint32Array(size - 1);
  const previous = fIndex[size - 1]!;
  /** Whether every (size-1)-subset but the prefix (already checked) is in F_{size-1}. */
  const subsetsKept = () => {
    for (let skip = 0; skip < size - 1; skip++) {
      let j = 0;
      for (let i = 0; i < size; i++) if (i !== skip) other[j++] = chosen[i];
      if (previous.find(other) < 0) return false;
    }
    return true;
  };
  const n = cut.offsets.length - 1;
  for (let r = 0; r < n; r++) {
    const from = cut.offsets[r];
    const to = cut.offsets[r + 1];
    if (to - from < size) continue;
    const walk = (start: number, depth: number) => {
      for (let t = start; t <= to - (size - depth); t++) {
        chosen[depth] = cut.ids[t];
        if (depth + 1 < size) {
          // A prefix of s >= 2 items must be an extendible non-mole.
          if (depth >= 1 && fIndex[depth + 1]!.find(chosen.subarray(0, depth + 1)) < 0) continue;
          walk(t + 1, depth + 1);
          continue;
        }
        if (!subsetsKept()) continue;
        const c = candidates.add(chosen);
        if (c === support.length) {
          support.push(0);
          for (let e = 0; e < P; e++) withPrivate.push(0);
        }
        support.data[c]++;
        for (let q = cut.privOffsets[r]; q < cut.privOffsets[r + 1]; q++)
          withPrivate.data[c * P + cut.privs[q]]++;
      }
    };
    walk(from, 0);
  }
  return { candidates, support, withPrivate };
}
