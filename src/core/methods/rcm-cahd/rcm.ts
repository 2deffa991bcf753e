/**
 * Reverse Cuthill-McKee on the row graph of A x A^T (Ghinita Sec. 5.1, Fig. 6-7): two transactions
 * are adjacent when they share a QID item. The graph is never materialised: a row's neighbours are
 * the union of its items' row lists (ItemRows), enumerated when the row is visited, so memory stays
 * O(n + nnz) however dense A x A^T is (its edge count is reported instead). Each connected component
 * starts from a pseudo-peripheral node found by repeated BFS (George and Liu: from a node of least
 * degree, move to a least-degree node of the last level while the eccentricity grows); CM visits
 * neighbours by increasing degree, and the final order is reversed. Written by hand because the npm
 * `cuthill-mckee` package wants the edges as an explicit sparse matrix, which is what this avoids.
 */
import { ItemRows } from '../../data/itemRows.ts';
import type { SensitiveRows } from '../shared/sensitiveRows.ts';

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
  const stamp = new Int32Array(n).fill(-1);
  let stampValue = 0;
  const neighbours = (r: number, visit: (u: number) => void) => {
    const mark = stampValue++;
    stamp[r] = mark;
    for (const item of qid[r]) {
      for (const u of index.rowsOf(item)) {
        if (stamp[u] !== mark) {
          stamp[u] = mark;
          visit(u);
        }
      }
    }
  };
  const degree = new Int32Array(n);
  let edgeEnds = 0;
  for (let r = 0; r < n; r++) {
    neighbours(r, () => degree[r]++);
    edgeEnds += degree[r];
  }
  const placed = new Uint8Array(n);
  const order: number[] = [];
  let components = 0;
  const byDegree = Array.from({ length: n }, (_, r) => r).sort((a, b) => degree[a] - degree[b] || a - b);
  for (const seed of byDegree) {
    if (placed[seed]) continue;
    components++;
    const root = pseudoPeripheral(seed, n, degree, neighbours, maxPeripheralRounds);
    // Cuthill-McKee BFS from the root, neighbours by increasing degree.
    placed[root] = 1;
    const queue = [root];
    for (let head = 0; head < queue.length; head++) {
      const found: number[] = [];
      neighbours(queue[head], (u) => {
        if (!placed[u]) found.push(u);
      });
      found.sort((a, b) => degree[a] - degree[b] || a - b);
      for (const u of found) {
        placed[u] = 1;
        queue.push(u);
      }
    }
    order.push(...queue);
  }
  return { order: order.reverse(), edges: edgeEnds / 2, components };
}

function pseudoPeripheral(
  start: number,
  n: number,
  degree: Int32Array,
  neighbours: (r: number, visit: (u: number) => void) => void,
  rounds: number,
): number {
  const level = new Int32Array(n);
  /** BFS levels from v; returns the last level's nodes and the eccentricity. */
  const bfs = (v: number) => {
    level.fill(-1);
    level[v] = 0;
    const queue = [v];
    for (let head = 0; head < queue.length; head++) {
      const r = queue[head];
      neighbours(r, (u) => {
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
