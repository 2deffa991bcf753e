/**
 * Reverse Cuthill-McKee on the row graph of A x A^T (Ghinita Sec. 5.1, Fig. 6-7): two transactions
 * are adjacent when they share a QID item. The graph is never materialised: a row's neighbours are
 * the union of its items' row lists (ItemRows), so memory stays O(n + nnz) however dense A x A^T is
 * (its edge count is reported instead). A breadth-first search reads each item's list once (all its
 * rows are visited the first time), so each search is O(nnz), not O(edges); only the degrees need
 * the unions (a row of one item has that item's other rows; past a budget, a bound: rowDegrees). No recursion, no
 * spread of a large array: the queues are typed arrays. BMS1: 3.4 s -> 0.45 s, same order. Each connected component
 * starts from a pseudo-peripheral node found by repeated BFS (George and Liu: from a node of least
 * degree, move to a least-degree node of the last level while the eccentricity grows); CM visits
 * neighbours by increasing degree, and the final order is reversed. Written by hand because the npm
 * `cuthill-mckee` package wants the edges as an explicit sparse matrix, which is what this avoids.
 */
import { ItemRows } from '../../../data/itemRows.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

export interface RcmResult {
  order: number[];
  /** Edges of the row graph (pairs of rows sharing a QID item); an upper bound when `exactDegrees` is false. */
  edges: number;
  components: number;
  /** Whether degrees are exact (the unions were counted) or their upper bounds (see rowDegrees). */
  exactDegrees: boolean;
}

/**
 * Above this many list entries read, degrees are bounded instead of counted (rowDegrees): BMS1
 * reads 1.4e8, chess 3.0e8; a Netflix-shaped file (410,201 rows, Zipf popularity) would read
 * 1e11, hours of work for an order that only breaks ties with degrees.
 */
export const EXACT_DEGREE_BUDGET = 1e9;

export function reverseCuthillMcKee(
  rows: SensitiveRows,
  maxPeripheralRounds = 4,
  degreeBudget = EXACT_DEGREE_BUDGET,
): RcmResult {
  const n = rows.dataset.n;
  const index = ItemRows.of(rows.dataset);
  const qid = Array.from({ length: n }, (_, r) => rows.qid(r));
  const { degree, exact } = rowDegrees(qid, index, n, degreeBudget);
  let edgeEnds = 0;
  for (let r = 0; r < n; r++) edgeEnds += degree[r];
  const search = new BreadthFirst(rows.dataset.d, qid, index);
  const levels = new BfsLevels(n);
  const placed = new Uint8Array(n);
  const order = new Int32Array(n);
  let placedCount = 0;
  let components = 0;
  const byDegree = Array.from({ length: n }, (_, r) => r).sort((a, b) => degree[a] - degree[b] || a - b);
  const found: number[] = [];
  for (const seed of byDegree) {
    if (placed[seed]) continue;
    components++;
    const root = pseudoPeripheral(seed, degree, search, levels, maxPeripheralRounds);
    // Cuthill-McKee BFS from the root, neighbours by increasing degree; `order` is its queue.
    search.start();
    placed[root] = 1;
    order[placedCount++] = root;
    for (let head = placedCount - 1; head < placedCount; head++) {
      found.length = 0;
      search.newNeighbours(order[head], (u) => {
        if (placed[u]) return;
        placed[u] = 1; // a row met again in another of the row's lists is found once
        found.push(u);
      });
      found.sort((a, b) => degree[a] - degree[b] || a - b);
      for (const u of found) order[placedCount++] = u;
    }
  }
  return { order: Array.from(order).reverse(), edges: edgeEnds / 2, components, exactDegrees: exact };
}

/**
 * Each row's degree in the row graph: the rows sharing a QID item with it. One item: the rest of
 * that item's rows; more: the union of their rows, each counted once (stamped), which reads
 * sum over items of support^2 list entries. Past EXACT_DEGREE_BUDGET the degree is bounded by
 * the sum over the row's items of (support - 1), a neighbour counted once per item it shares:
 * exact for rows of one item, and the same order by "how connected" for the rest. RCM uses degrees
 * only to pick starting rows and to order a row's new neighbours (Ghinita Sec. 5.1), so the
 * bound changes ties, never which rows are adjacent.
 */
function rowDegrees(
  qid: readonly Uint32Array[],
  index: ItemRows,
  n: number,
  budget: number,
): { degree: Int32Array; exact: boolean } {
  const degree = new Int32Array(n);
  let reads = 0;
  for (let r = 0; r < n; r++) {
    const items = qid[r];
    if (items.length > 1) for (let k = 0; k < items.length; k++) reads += index.support(items[k]);
  }
  if (reads > budget) {
    for (let r = 0; r < n; r++) {
      let bound = 0;
      for (const item of qid[r]) bound += index.support(item) - 1;
      degree[r] = Math.min(bound, n - 1);
    }
    return { degree, exact: false };
  }
  const stamp = new Int32Array(n).fill(-1);
  const { offsets: listStart, rows: listed } = index;
  for (let r = 0; r < n; r++) {
    const items = qid[r];
    if (items.length === 1) degree[r] = index.support(items[0]) - 1;
    else if (items.length > 1) {
      stamp[r] = r;
      let count = 0;
      for (let k = 0; k < items.length; k++) {
        const end = listStart[items[k] + 1];
        for (let h = listStart[items[k]]; h < end; h++) {
          const u = listed[h];
          if (stamp[u] !== r) {
            stamp[u] = r;
            count++;
          }
        }
      }
      degree[r] = count;
    }
  }
  return { degree, exact: true };
}

/**
 * Neighbour enumeration for a breadth-first search of the row graph. Once a BFS has read an
 * item's rows, every one of them is visited (they are all neighbours of the row being expanded),
 * so a later row holding the item finds nothing new there: each item's rows are read once per
 * search, O(nnz) in all rather than O(edges). The visits come out exactly as if every list were
 * read each time.
 */
class BreadthFirst {
  /** itemRead[i] === search: item i's rows were read in the current search. */
  private readonly itemRead: Int32Array;
  private search = 0;

  constructor(
    d: number,
    private readonly qid: readonly Uint32Array[],
    private readonly index: ItemRows,
  ) {
    this.itemRead = new Int32Array(d);
  }

  /** Starts a new search (the items read are forgotten). */
  start(): void {
    this.search++;
  }

  /** Calls `visit` for the rows sharing an item with r that no earlier expansion of this search read. */
  newNeighbours(r: number, visit: (u: number) => void): void {
    for (const item of this.qid[r]) {
      if (this.itemRead[item] === this.search) continue;
      this.itemRead[item] = this.search;
      for (const u of this.index.rowsOf(item)) if (u !== r) visit(u);
    }
  }
}

/**
 * BFS levels of one search, reset by the rows the search reached (not all n rows: a dataset with
 * many components would otherwise clear n entries per component, quadratic in all).
 */
class BfsLevels {
  readonly level: Int32Array;
  readonly queue: Int32Array;
  size = 0;

  constructor(n: number) {
    this.level = new Int32Array(n).fill(-1);
    this.queue = new Int32Array(n);
  }

  /** BFS levels from v; returns the last level's nodes and the eccentricity. */
  run(v: number, search: BreadthFirst): { last: number[]; eccentricity: number } {
    const { level, queue } = this;
    for (let i = 0; i < this.size; i++) level[queue[i]] = -1;
    level[v] = 0;
    search.start();
    queue[0] = v;
    let size = 1;
    for (let head = 0; head < size; head++) {
      const r = queue[head];
      search.newNeighbours(r, (u) => {
        if (level[u] < 0) {
          level[u] = level[r] + 1;
          queue[size++] = u;
        }
      });
    }
    this.size = size;
    const eccentricity = level[queue[size - 1]];
    const last: number[] = [];
    for (let i = 0; i < size; i++) if (level[queue[i]] === eccentricity) last.push(queue[i]);
    return { last, eccentricity };
  }
}

function pseudoPeripheral(
  start: number,
  degree: Int32Array,
  search: BreadthFirst,
  levels: BfsLevels,
  rounds: number,
): number {
  let v = start;
  let { last, eccentricity } = levels.run(v, search);
  for (let round = 0; round < rounds; round++) {
    const u = last.reduce((best, r) =>
      degree[r] < degree[best] || (degree[r] === degree[best] && r < best) ? r : best,
    );
    if (u === v) break;
    const next = levels.run(u, search);
    if (next.eccentricity <= eccentricity) break;
    v = u;
    ({ last, eccentricity } = next);
  }
  return v;
}
