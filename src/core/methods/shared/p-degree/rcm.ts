/**
 * Reverse Cuthill-McKee on the row graph of A x A^T (Ghinita Sec. 5.1, Fig. 6-7): two transactions
 * are adjacent when they share a QID item. The graph is never materialised: a row's neighbours are
 * the union of its items' row lists (ItemRows), so memory stays O(n + nnz) however dense A x A^T is
 * (its edge count is reported instead). A breadth-first search reads each item's list once (all its
 * rows are visited the first time), so each search is O(nnz), not O(edges); only the degrees need
 * the unions (a row of one item has that item's other rows). BMS1: 3.4 s -> 0.45 s, same order. Each connected component
 * starts from a pseudo-peripheral node found by repeated BFS (George and Liu: from a node of least
 * degree, move to a least-degree node of the last level while the eccentricity grows); CM visits
 * neighbours by increasing degree, and the final order is reversed. Written by hand because the npm
 * `cuthill-mckee` package wants the edges as an explicit sparse matrix, which is what this avoids.
 */
import { ItemRows } from '../../../data/itemRows.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

export interface RcmResult {
  order: number[];
  /** Edges of the row graph (pairs of rows sharing a QID item). */
  edges: number;
  components: number;
}

export function reverseCuthillMcKee(rows: SensitiveRows, maxPeripheralRounds = 4): RcmResult {
  const n = rows.dataset.n;
  const index = ItemRows.of(rows.dataset);
  const qid = Array.from({ length: n }, (_, r) => rows.qid(r));
  // A row's degree: the rows sharing a QID item with it. One item: the rest of that item's rows;
  // more: the union of their rows, each counted once (stamped).
  const stamp = new Int32Array(n).fill(-1);
  const degree = new Int32Array(n);
  const { offsets: listStart, rows: listed } = index;
  let edgeEnds = 0;
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
    edgeEnds += degree[r];
  }
  const search = new BreadthFirst(rows.dataset.d, qid, index);
  const placed = new Uint8Array(n);
  const order: number[] = [];
  let components = 0;
  const byDegree = Array.from({ length: n }, (_, r) => r).sort((a, b) => degree[a] - degree[b] || a - b);
  for (const seed of byDegree) {
    if (placed[seed]) continue;
    components++;
    const root = pseudoPeripheral(seed, degree, search, maxPeripheralRounds);
    // Cuthill-McKee BFS from the root, neighbours by increasing degree.
    search.start();
    placed[root] = 1;
    const queue = [root];
    for (let head = 0; head < queue.length; head++) {
      const found: number[] = [];
      search.newNeighbours(queue[head], (u) => {
        if (placed[u]) return;
        placed[u] = 1; // a row met again in another of the row's lists is found once
        found.push(u);
      });
      found.sort((a, b) => degree[a] - degree[b] || a - b);
      // One push per row: spreading ~10^5 arguments overflows a browser worker's stack.
      for (const u of found) queue.push(u);
    }
    for (const r of queue) order.push(r);
  }
  return { order: order.reverse(), edges: edgeEnds / 2, components };
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

function pseudoPeripheral(start: number, degree: Int32Array, search: BreadthFirst, rounds: number): number {
  const level = new Int32Array(degree.length);
  /** BFS levels from v; returns the last level's nodes and the eccentricity. */
  const bfs = (v: number) => {
    level.fill(-1);
    level[v] = 0;
    search.start();
    const queue = [v];
    for (let head = 0; head < queue.length; head++) {
      const r = queue[head];
      search.newNeighbours(r, (u) => {
        if (level[u] < 0) {
          level[u] = level[r] + 1;
          queue.push(u);
        }
      });
    }
    const eccentricity = level[queue[queue.length - 1]];
    return { last: queue.filter((r) => level[r] === eccentricity), eccentricity };
  };
  let v = start;
  let { last, eccentricity } = bfs(v);
  for (let round = 0; round < rounds; round++) {
    const u = last.reduce((best, r) =>
      degree[r] < degree[best] || (degree[r] === degree[best] && r < best) ? r : best,
    );
    if (u === v) break;
    const next = bfs(u);
    if (next.eccentricity <= eccentricity) break;
    v = u;
    ({ last, eccentricity } = next);
  }
  return v;
}
