/**
 * The longest closed frequent patterns of a set of rows (PatternKa Sec. 3.3, first and second
 * speed-ups): closed itemsets are enumerated depth-first by prefix-preserving closure extension, as
 * LCM does (Uno, Kiyomi, Arimura, "LCM ver. 2", FIMI'04: items ranked by increasing support,
 * occurrence deliver for the conditional row lists), and a branch is cut as soon as it cannot reach
 * the longest length found so far (PatternKa eq. 24). Bounds, all sound for every frequent superset
 * Q of the branch's pattern P within its rows R:
 * - |P ∪ POST| where POST holds the items after the core that are frequent in R (eq. 24);
 * - before any counting, the k-th largest |P| + (the row's items from the core on), since Q lies in
 *   at least k rows of R and prefix-preserving extension adds no item ranked below the core;
 * - a row with |P| + |row ∩ POST| below the length to beat holds no long enough Q: it is dropped
 *   from the branch, the counts taken again, until no row drops (the k-th-largest bound, iterated).
 * Each node works on its conditional database (conditionalRows.ts): its rows cut down to the items
 * still frequent among them and not in the pattern.
 * A greedy dive (add the most frequent item while the pattern stays frequent) gives a first length
 * L to beat; the same row dropping then runs at the root, which on sparse data leaves a small
 * fraction of the rows (read longest first, the pass stops at the first row too short). The item
 * counts over the searched rows, their flags and the tid-lists (for the dive's first step) come
 * with the rows (searchedRows.ts), kept up to date by PatternKa between minings.
 * Every closed pattern of the maximal length is returned with its rows, ascending.
 * A pattern is frequent when at least `minSupport` rows hold it (the group size k).
 * The root's branches (one per item, the pattern's least frequent item: PatternKa Alg. 5's keys,
 * whose partitions D_k hold the rows with item k cut to the items more frequent than k) are
 * searched in MINING_GROUPS groups (branch i in group i mod MINING_GROUPS), each from the dive's
 * length with its own work budget (the budget is per group), then merged in branch order: the groups are
 * independent tasks (PatternKa runs them on the worker pool), and a mining gives the same patterns
 * whether they ran in one thread or several.
 */
import type { Dataset } from '../../data/dataset.ts';
import { fillConditionalRows, grown, type ConditionalRows } from './conditionalRows.ts';
import { SearchLevel } from './searchLevel.ts';
import { searchedRows, type SearchedRows } from './searchedRows.ts';
import { countInto, diveFrom } from './greedyDive.ts';

export interface Pattern {
  /** Item ids, ascending. */
  items: number[];
  /** Rows (of those searched) that hold every item, ascending. */
  rows: number[];
}

/** A mining's patterns, and whether the search ran to its end within its work budget. */
export interface Mining {
  patterns: Pattern[];
  /** False when the work budget stopped the search: the patterns are then the longest found. */
  complete: boolean;
  /** Conditional-row entries read (the unit of the budget). */
  work: number;
}

export interface MiningOptions {
  /** Lengths below the longest that are also returned (0: the longest only). */
  slack?: number;
  /**
   * Conditional-row entries the search of each group of root branches may read before it stops
   * (see ClosedPatternMiner.spend): a mining reads at most MINING_GROUPS times this.
   */
  workBudget?: number;
}

/**
 * The closed frequent patterns of `rows` whose length is at least (the longest length - `slack`);
 * slack 0 gives the longest ones only. Rows come as a list or ready to search (searchedRows.ts).
 */
export function longestClosedPatterns(
  dataset: Dataset,
  rows: readonly number[] | SearchedRows,
  minSupport: number,
  slack = 0,
): Pattern[] {
  return mineLongest(dataset, rows, minSupport, { slack }).patterns;
}

/** Groups of root branches a mining searches as independent tasks (see the module comment). */
export const MINING_GROUPS = 8;

/** A pattern found in one group, with the root branch it came from and its place in the search. */
interface BranchPattern extends Pattern {
  branch: number;
  order: number;
}

/** What one group of branches found (plain data: it may come from another worker). */
export interface GroupSearch {
  patterns: BranchPattern[];
  cut: boolean;
  work: number;
}

/**
 * longestClosedPatterns with a work budget. When the budget runs out before the search ends, the
 * search stops and the longest patterns found so far are returned, the greedy dive's among them
 * (a closed frequent pattern: the closure of the rows it reached), with `complete` false: they are
 * frequent and closed, but a longer pattern may exist. A budget of 0 takes the dive alone.
 */
export function mineLongest(
  dataset: Dataset,
  rows: readonly number[] | SearchedRows,
  minSupport: number,
  options: MiningOptions = {},
): Mining {
  const mining = new LongestPatternMining(dataset, rows, minSupport, options);
  if (mining.immediate) return mining.immediate;
  return mining.finish(Array.from({ length: MINING_GROUPS }, (_, group) => mining.searchGroup(group)));
}

/**
 * One mining, in parts: what every group shares (root, dive, root rows) is made on construction;
 * `immediate` is the result when there is nothing to search (too few rows, or the dive alone);
 * otherwise `searchGroup` for each group (here or in other workers, from the same rows) and
 * `finish` with their results.
 */
export class LongestPatternMining {
  readonly immediate: Mining | null = null;
  private readonly miner: ClosedPatternMiner | null = null;
  private readonly groupBudget: number;

  constructor(
    dataset: Dataset,
    rows: readonly number[] | SearchedRows,
    minSupport: number,
    options: MiningOptions = {},
  ) {
    const searched = 'byLength' in rows ? rows : searchedRows(dataset, rows);
    const budget = options.workBudget ?? Infinity;
    this.groupBudget = budget;
    if (searched.byLength.length < minSupport || searched.byLength.length === 0) {
      this.immediate = { patterns: [], complete: true, work: 0 };
      return;
    }
    const miner = new ClosedPatternMiner(dataset, searched, minSupport, options.slack ?? 0);
    const dive = miner.prepare(budget <= 0);
    if (dive) this.immediate = { patterns: [dive], complete: false, work: 0 };
    else this.miner = miner;
  }

  searchGroup(group: number): GroupSearch {
    return this.miner!.searchGroup(group, MINING_GROUPS, this.groupBudget);
  }

  finish(searches: readonly GroupSearch[]): Mining {
    return this.miner!.merge(searches);
  }
}

/** Subtracted from a closure rank's count so that no threshold test passes it (childRows). */
const CLOSURE_OFFSET = 1 << 30;

class ClosedPatternMiner {
  /** Item counts over `rows` (root, greedy dive, row dropping), by item id. */
  private readonly counts: Int32Array;
  private readonly touched: number[] = [];
  /** The rows searched, longest first (those that can hold a long enough pattern, once known). */
  private rows: readonly number[];
  /** rank[item]: position by increasing support among the searched rows; itemOfRank inverts it. */
  private readonly rank: Int32Array;
  private itemOfRank = new Int32Array(0);
  /** Scratch by rank for the search: counts over a node's rows, bucket slots, items kept below. */
  private rankCounts = new Int32Array(0);
  /** The ranks counted since the last reset: rankTouched[0..rankTouchedCount). */
  private rankTouched = new Int32Array(0);
  private rankTouchedCount = 0;
  private slotOf = new Int32Array(0);
  /** Scratch by rank for rootRows: the ranks a root row keeps. */
  private keep = new Uint8Array(0);
  private best: BranchPattern[] = [];
  private bestLength = 0;
  /** Scratch of the search, by depth. */
  private readonly levels: SearchLevel[] = [];
  /** The current group's work so far, its budget, and whether the budget stopped its search. */
  private work = 0;
  private workBudget = Infinity;
  private cut = false;
  /** The items in every searched row, and the greedy dive's pattern (kept for a search cut short). */
  private root: number[] = [];
  private dive: Pattern | null = null;
  /** The length every group starts from (the root's or the dive's). */
  private preparedLength = 0;
  /** The group searched: root branches with index % groups === group; the branch being searched. */
  private group = 0;
  private groups = 1;
  private branch = -1;
  private order = 0;

  constructor(
    private readonly dataset: Dataset,
    private readonly searched: SearchedRows,
    private readonly minSupport: number,
    private readonly slack: number,
  ) {
    this.rows = searched.byLength;
    this.counts = Int32Array.from(searched.itemCounts);
    for (let item = 0; item < dataset.d; item++) if (this.counts[item] > 0) this.touched.push(item);
    this.rank = new Int32Array(dataset.d);
  }

  /**
   * What every group shares: the root, the dive (a length to beat), the rows that can hold a
   * pattern that long and the root's conditional rows. With `diveOnly`, returns the dive's pattern
   * when it is longer than the root (the search is then skipped), else null.
   */
  prepare(diveOnly: boolean): Pattern | null {
    // The item counts over the searched rows are held from here until rootRows(): they serve the
    // root, the dive's first step and the first round of row dropping.
    const root = (this.root = this.touched.filter((item) => this.counts[item] === this.rows.length));
    this.bestLength = root.length;
    this.dive = this.greedyDive(root);
    const dive = this.dive?.items.length ?? 0;
    if (diveOnly && dive > root.length) return this.dive;
    if (dive > this.bestLength) {
      this.bestLength = dive; // a length to beat: the closed patterns that long are found below
      this.keepRowsWithFrequentItems(this.floor());
    } else this.keepRowsWithFrequentItems(0);
    this.rootRows(root, this.level(0).db);
    this.preparedLength = this.bestLength;
    return null;
  }

  /** Searches the root branches of one group, from the prepared length, within `budget`. */
  searchGroup(group: number, groups: number, budget: number): GroupSearch {
    this.group = group;
    this.groups = groups;
    this.workBudget = budget;
    this.work = 0;
    this.cut = false;
    this.best = [];
    this.order = 0;
    this.bestLength = this.preparedLength;
    this.extend(this.root, 0, -1);
    return {
      patterns: this.best.filter((p) => p.items.length >= this.floor()),
      cut: this.cut,
      work: this.work,
    };
  }

  /**
   * The mining from its groups' searches: the patterns of the longest length found (less the
   * slack) in branch order, as one search of every branch in turn would list them, the root's
   * first when it is that long, and the dive's when a search was cut short and did not find it.
   */
  merge(searches: readonly GroupSearch[]): Mining {
    let longest = this.preparedLength;
    for (const search of searches)
      for (const p of search.patterns) longest = Math.max(longest, p.items.length);
    this.bestLength = longest;
    const found = searches
      .flatMap((search) => search.patterns)
      .filter((p) => p.items.length >= this.floor())
      .sort((a, b) => a.branch - b.branch || a.order - b.order);
    const patterns: Pattern[] = found.map(({ items, rows }) => ({ items, rows }));
    if (this.root.length >= this.floor())
      patterns.unshift({
        items: [...this.root].sort((a, b) => a - b),
        rows: ascending([...this.searched.byLength]),
      });
    const cut = searches.some((search) => search.cut);
    if (cut && this.dive && this.dive.items.length >= this.floor()) {
      const key = this.dive.items.join(' ');
      if (!patterns.some((p) => p.items.join(' ') === key)) patterns.push(this.dive);
    }
    let work = 0;
    for (const search of searches) work += search.work;
    return { patterns, complete: !cut, work };
  }

  /**
   * Counts `entries` conditional-row entries as read; true once the budget is spent (the search
   * then unwinds: every node's loop checks `cut`). The count follows the data and the order of the
   * search only, so a budget stops the same search at the same node on every machine.
   */
  private spend(entries: number): boolean {
    this.work += entries;
    if (this.work > this.workBudget) this.cut = true;
    return this.cut;
  }

  /** Patterns shorter than this are of no use (longest length found so far minus the slack). */
  private floor(): number {
    return this.bestLength - this.slack;
  }

  /**
   * Keeps the rows with at least `minLength` frequent items, recounting until stable, then ranks the
   * items by increasing support. Starts from the counts held over the rows and leaves those of the
   * rows kept. Rows are longest first, so the first row shorter than `minLength` ends a pass.
   */
  private keepRowsWithFrequentItems(minLength: number): void {
    const { dataset, counts, minSupport } = this;
    const { offsets, items } = dataset;
    for (;;) {
      const kept: number[] = [];
      for (const r of this.rows) {
        const end = offsets[r + 1];
        if (end - offsets[r] < minLength) break;
        let length = 0;
        for (let t = offsets[r]; t < end; t++) if (counts[items[t]] >= minSupport) length++;
        if (length >= minLength) kept.push(r);
      }
      if (kept.length === this.rows.length) break;
      this.resetCounts();
      this.rows = kept;
      this.countItems(this.rows);
    }
    const present = [...this.touched].sort((a, b) => counts[a] - counts[b] || a - b);
    present.forEach((item, r) => (this.rank[item] = r));
    this.itemOfRank = Int32Array.from(present);
    this.rankCounts = new Int32Array(present.length);
    this.rankTouched = new Int32Array(present.length);
    this.slotOf = new Int32Array(present.length).fill(-1);
    this.keep = new Uint8Array(present.length);
  }

  /** Writes the searched rows as the root's conditional database: their frequent items not in `root`. */
  private rootRows(root: readonly number[], into: ConditionalRows): void {
    const { dataset, rank, keep, minSupport, rows } = this;
    const { offsets, items } = dataset;
    for (const item of this.touched) if (this.counts[item] >= minSupport) keep[rank[item]] = 1;
    this.resetCounts();
    for (const item of root) keep[rank[item]] = 0;
    const rowOffsets = new Int32Array(rows.length + 1);
    rows.forEach((r, i) => {
      let length = 0;
      for (let t = offsets[r]; t < offsets[r + 1]; t++) length += keep[rank[items[t]]];
      rowOffsets[i + 1] = rowOffsets[i] + length;
    });
    const ranks = new Int32Array(rowOffsets[rows.length]);
    rows.forEach((r, i) => {
      let at = rowOffsets[i];
      const end = offsets[r + 1];
      for (let t = offsets[r]; t < end; t++) if (keep[rank[items[t]]] === 1) ranks[at++] = rank[items[t]];
      sortRange(ranks, rowOffsets[i], at);
    });
    keep.fill(0);
    Object.assign(into, { ids: Int32Array.from(rows), offsets: rowOffsets, ranks, count: rows.length });
  }

  private level(depth: number): SearchLevel {
    return (this.levels[depth] ??= new SearchLevel());
  }

  /**
   * Every prefix-preserving closure extension of `pattern` (item ids) by a rank above `coreRank`,
   * on the pattern's conditional database, held in level `depth`.
   */
  private extend(pattern: readonly number[], depth: number, coreRank: number): void {
    const { minSupport, rankCounts: counts, rankTouched: touched, slotOf } = this;
    const level = this.level(depth);
    const db = level.db;
    const { offsets, ranks } = db;
    const rowCount = db.count;
    if (this.spend(offsets[rowCount])) return;
    // Occurrence deliver: which rows hold each rank above the core (a row's ranks are ascending,
    // so those are a suffix), with the length of the row's suffix from that rank on.
    let touchedCount = 0;
    for (let i = 0; i < rowCount; i++) {
      const first = offsets[i];
      for (let t = offsets[i + 1] - 1; t >= first && ranks[t] > coreRank; t--)
        if (counts[ranks[t]]++ === 0) touched[touchedCount++] = ranks[t];
    }
    this.rankTouchedCount = touchedCount;
    let candidateCount = 0;
    const candidateRanks = (level.candidates = grown(level.candidates, touchedCount));
    for (let i = 0; i < touchedCount; i++)
      if (counts[touched[i]] >= minSupport) candidateRanks[candidateCount++] = touched[i];
    const candidates = candidateRanks.subarray(0, candidateCount).sort(); // numeric, ascending
    const start = (level.bucketStart = grown(level.bucketStart, candidates.length + 1));
    const fill = (level.bucketFill = grown(level.bucketFill, candidates.length));
    start[0] = 0;
    candidates.forEach((r, j) => {
      slotOf[r] = j;
      fill[j] = start[j];
      start[j + 1] = start[j] + counts[r];
    });
    this.resetRankCounts();
    const bucketRows = (level.bucketRows = grown(level.bucketRows, start[candidates.length]));
    const bucketSuffix = (level.bucketSuffix = grown(level.bucketSuffix, start[candidates.length]));
    for (let i = 0; i < rowCount; i++) {
      const first = offsets[i];
      const end = offsets[i + 1];
      for (let t = end - 1; t >= first && ranks[t] > coreRank; t--) {
        const slot = slotOf[ranks[t]];
        if (slot < 0) continue;
        bucketRows[fill[slot]] = i;
        bucketSuffix[fill[slot]++] = end - t;
      }
    }
    for (const r of candidates) slotOf[r] = -1;

    for (let index = 0; index < candidates.length && !this.cut; index++) {
      if (depth === 0) {
        if (index % this.groups !== this.group) continue; // another group's branch
        this.branch = index;
      }
      const e = candidates[index];
      if (pattern.length + (candidates.length - index) < this.floor()) continue; // eq. 24
      const needed = this.floor() - pattern.length;
      if (!atLeast(bucketSuffix, start[index], start[index + 1], needed, minSupport)) continue;
      const eRowCount = rowsThatCanReach(level, start[index], start[index + 1], needed);
      const eRows = level.rows; // the extension's rows: eRows[0..eRowCount)
      this.countRanks(db, eRows, eRowCount);
      // One pass over the ranks counted: the closure (ranks in every row), and |POST| (eq. 24: the
      // ranks above the core frequent among the rows but not in all, those are the closure).
      const closure: number[] = [];
      let post = 0;
      let prefixPreserving = true;
      for (let i = 0, touchedCount = this.rankTouchedCount; i < touchedCount; i++) {
        const r = touched[i];
        const count = counts[r];
        if (count !== eRowCount) {
          if (r > e && count >= minSupport) post++;
        } else if (r < e) {
          prefixPreserving = false; // found from another branch
          break;
        } else closure.push(r);
      }
      const next = [...pattern, ...closure.map((r) => this.itemOfRank[r])];
      if (!prefixPreserving || next.length + post < this.floor()) {
        this.resetRankCounts(); // or eq. 24 on the extension: |P ∪ POST| is too short
        continue;
      }
      if (next.length > this.bestLength) {
        this.bestLength = next.length;
        this.best = this.best.filter((p) => p.items.length >= this.floor());
      }
      if (next.length >= this.floor())
        this.best.push({
          items: [...next].sort((a, b) => a - b),
          rows: ascending(Array.from(eRows.subarray(0, eRowCount), (i) => db.ids[i])),
          branch: this.branch,
          order: this.order++,
        });
      if (post === 0) {
        this.resetRankCounts();
        continue;
      }
      if (this.childRows(depth, eRowCount, closure, next.length, e)) this.extend(next, depth + 1, e);
    }
  }

  /**
   * Writes in level `depth + 1` the conditional database below an extension (pattern of
   * `patternLength` items, core `coreRank`, `rankCounts` holding the counts over its `rowCount`
   * rows, level `depth`'s `rows`): the rows that can still hold a pattern of at least floor()
   * items, with their items frequent among those rows, the closure left out. A row with
   * |P| + |row ∩ POST| < floor() holds no such pattern of this branch (every pattern here adds only
   * items of POST), so it is dropped, the counts are taken again over the rows left, and so on
   * until no row drops (PatternKa Sec. 3.3's length pruning, per node). The patterns the branch
   * reports are then still closed with all their rows: a row that holds one was never dropped.
   * False when fewer than minSupport rows are left. Leaves `rankCounts` zeroed.
   */
  private childRows(
    depth: number,
    rowCount: number,
    closure: readonly number[],
    patternLength: number,
    coreRank: number,
  ): boolean {
    const { minSupport, rankCounts: counts } = this;
    const level = this.level(depth);
    const { offsets, ranks } = level.db;
    const rows = level.rows;
    const dropped = (level.dropped = grown(level.dropped, rowCount));
    // The closure is in the pattern: its counts are pushed below every threshold while the rows are
    // cut (resetRankCounts zeroes them with the others), so `counts[r] >= minSupport` says which
    // ranks a child row keeps.
    for (const r of closure) counts[r] -= CLOSURE_OFFSET;
    const below = minSupport - 1;
    let kept = rowCount;
    for (;;) {
      let heavy = 0;
      let light = 0;
      for (let i = 0; i < kept; i++) {
        const row = rows[i];
        const first = offsets[row];
        let length = patternLength;
        // + 1 when counts[rank] >= minSupport, without a branch (the sign bit of the difference).
        for (let t = offsets[row + 1] - 1; t >= first && ranks[t] > coreRank; t--)
          length += (below - counts[ranks[t]]) >>> 31;
        if (length >= this.floor()) rows[heavy++] = row;
        else dropped[light++] = row;
      }
      if (light === 0) break;
      kept = heavy;
      if (kept < minSupport) {
        this.resetRankCounts();
        return false;
      }
      // The counts over the rows left: take the dropped rows out, or count afresh if fewer are left.
      if (light < heavy) this.uncountRanks(level.db, dropped, light);
      else {
        this.resetRankCounts();
        this.countRanks(level.db, rows, kept);
        for (const r of closure) counts[r] -= CLOSURE_OFFSET;
      }
    }
    fillConditionalRows(level.db, rows, kept, counts, minSupport, this.level(depth + 1).db);
    this.resetRankCounts();
    return true;
  }

  /**
   * The closed pattern a greedy dive from `root` reaches, with its rows (its length is a lower
   * bound of the longest), or null when no item is frequent: its first item from the counts held
   * over all searched rows, the rest by greedyDive.ts.
   */
  private greedyDive(root: readonly number[]): Pattern | null {
    const taken = new Uint8Array(this.dataset.d);
    for (const item of root) taken[item] = 1;
    let first = -1;
    for (const item of this.touched) {
      if (taken[item] === 1 || this.counts[item] < this.minSupport) continue;
      if (first < 0 || this.counts[item] > this.counts[first]) first = item;
    }
    if (first < 0) return null;
    // The first step's holders from the item's tid-list.
    const { itemRows, isSearched, dives } = this.searched;
    const firstRows = () => {
      const rows: number[] = [];
      for (const r of itemRows.rowsOf(first)) if (isSearched[r] === 1) rows.push(r);
      return rows;
    };
    taken[first] = 1;
    return diveFrom(this.dataset, first, firstRows, taken, this.minSupport, dives);
  }

  private countItems(rows: readonly number[]): void {
    countInto(this.dataset, rows, this.counts, this.touched);
  }

  private resetCounts(): void {
    for (const item of this.touched) this.counts[item] = 0;
    this.touched.length = 0;
  }

  /** Rank counts over the conditional rows rows[0..rowCount) of `db`. */
  private countRanks(db: ConditionalRows, rows: Int32Array, rowCount: number): void {
    const { rankCounts: counts, rankTouched: touched } = this;
    const { offsets, ranks } = db;
    let touchedCount = this.rankTouchedCount;
    let entries = 0;
    for (let i = 0; i < rowCount; i++) {
      const end = offsets[rows[i] + 1];
      entries += end - offsets[rows[i]];
      for (let t = offsets[rows[i]]; t < end; t++)
        if (counts[ranks[t]]++ === 0) touched[touchedCount++] = ranks[t];
    }
    this.rankTouchedCount = touchedCount;
    this.spend(entries);
  }

  /** Takes the ranks of the conditional rows rows[0..rowCount) of `db` out of `rankCounts`. */
  private uncountRanks(db: ConditionalRows, rows: Int32Array, rowCount: number): void {
    const { offsets, ranks } = db;
    const counts = this.rankCounts;
    for (let i = 0; i < rowCount; i++) {
      const end = offsets[rows[i] + 1];
      for (let t = offsets[rows[i]]; t < end; t++) counts[ranks[t]]--;
    }
  }

  private resetRankCounts(): void {
    const { rankCounts, rankTouched } = this;
    for (let i = 0; i < this.rankTouchedCount; i++) rankCounts[rankTouched[i]] = 0;
    this.rankTouchedCount = 0;
  }
}

/** `rows` sorted ascending, in place. */
function ascending(rows: number[]): number[] {
  return rows.sort((a, b) => a - b);
}

/** Sorts values[from..to) ascending: insertion sort for the short ranges most rows are. */
function sortRange(values: Int32Array, from: number, to: number): void {
  if (to - from > 32) {
    values.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const value = values[i];
    let j = i - 1;
    while (j >= from && values[j] > value) {
      values[j + 1] = values[j];
      j--;
    }
    values[j + 1] = value;
  }
}

/**
 * Writes into `level.rows` the rows of bucket [from, to) whose suffix from the extension item can
 * still make a pattern long enough (|P| + suffix >= floor), and returns how many: any closed pattern
 * of the branch at least that long lies in those rows only, so its closure and rows come out the
 * same when the others are left out (see childRows).
 */
function rowsThatCanReach(level: SearchLevel, from: number, to: number, needed: number): number {
  const out = (level.rows = grown(level.rows, to - from));
  const { bucketRows, bucketSuffix } = level;
  let kept = 0;
  for (let i = from; i < to; i++) if (bucketSuffix[i] >= needed) out[kept++] = bucketRows[i];
  return kept;
}

/** Whether at least `k` of values[from..to) are >= `threshold` (the k-th largest reaches it). */
function atLeast(values: Int32Array, from: number, to: number, threshold: number, k: number): boolean {
  let count = 0;
  for (let i = from; i < to; i++) if (values[i] >= threshold && ++count >= k) return true;
  return false;
}
