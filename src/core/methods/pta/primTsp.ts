/**
 * PrimTSP (Lin et al., Alg. 1): for one segment, grow a cyclical loop from every node and keep the
 * loop of least information loss. From start node v, `Star` and `Dest` are the loop's two open ends
 * (both v at first); each step takes the unvisited node nearest to Star and the unvisited node
 * nearest to Dest other than that one (line 14), and attaches whichever is closer to its end
 * (line 15: Dest's candidate only when strictly closer). Written down where Alg. 1 is loose:
 * - the loss of a step is the edge just added (line 18 as printed adds hd(Dest, Dest) = 0), and the
 *   loop's IL includes the closing edge Dest-Star, as the worked example's IL of 6 does (Fig. 5);
 * - with one node left, Dest's candidate may be that node too (else the example's last step, T13
 *   joining T11 at distance 1 rather than T3 at distance 2, cannot happen);
 * - argmin ties go to the node that comes first in the segment (Gray) order; loop ties to the first
 *   start node (line 25's strict <).
 * The loop is returned as a path from its start node along the Dest side and back along the Star
 * side: the worked example's "(T8, T6, T1, T10, T11, T13, T3)".
 * Alg. 1 is O(s^3) per segment of s rows (s loops of s steps, each scanning the unvisited nodes).
 * Here each node's others are sorted by distance once (an end's nearest unvisited node is the first
 * unvisited one in its list), and a loop stops once its IL reaches the least so far; the loops and
 * the choice are Alg. 1's (a property test holds them against a plain scan). BMS1 at k = 5 with
 * segments of 400 rows: 13.7 s -> 4.8 s.
 */

export interface Loop {
  /** Indices into the segment, in path order. */
  path: number[];
  il: number;
}

/** One step of a loop's growth (lines 13-24), kept by recorded runs: both ends' nearest nodes. */
export interface LoopStep {
  star: number;
  nearStar: number;
  starDistance: number;
  dest: number;
  nearDest: number;
  destDistance: number;
  /** Which end took its node (line 15: Dest only when strictly closer). */
  side: 'star' | 'dest';
}

/** A recorded run's account of Alg. 1 on a segment: each start's loop IL (null: abandoned) and the kept loop's steps. */
export interface LoopLog {
  ils: (number | null)[];
  steps: LoopStep[];
}

/** Hamming distances of a segment: `distance[i * size + j]`. */
export interface DistanceMatrix {
  size: number;
  distance: Int32Array;
}

export function buildDistanceMatrix(
  size: number,
  hamming: (i: number, j: number) => number,
  buffers?: TspBuffers,
): DistanceMatrix {
  const distance = buffers ? buffers.take('distance', size * size) : new Int32Array(size * size);
  for (let i = 0; i < size; i++) {
    distance[i * size + i] = 0; // a reused buffer holds an earlier segment's distances
    for (let j = i + 1; j < size; j++) distance[i * size + j] = distance[j * size + i] = hamming(i, j);
  }
  return { size, distance };
}

/**
 * Working memory of PrimTSP reused from one segment to the next within a worker: a run made two
 * arrays of s^2 numbers per segment and two of s per loop (BMS1 at k = 5, 600 segments: about
 * 120,000 typed arrays and 47 MB a run), and freeing them kept a second core busy in Chromium,
 * the core a second worker of a sweep needs (issue 18). A request over KEPT_BYTES is made afresh
 * and not kept, so a huge segment's matrix is not held after its run.
 */
export class TspBuffers {
  private static readonly KEPT_BYTES = 4 << 20;
  private readonly kept = new Map<string, Int32Array>();
  private slots: Int32Array | null = null;

  /** Scratch of `itemCount` entries, all -1, to be left so (rowDistance.ts hammingMatrix). */
  itemSlots(itemCount: number): Int32Array {
    if (!this.slots || this.slots.length !== itemCount) this.slots = new Int32Array(itemCount).fill(-1);
    return this.slots;
  }

  /** An Int32Array of `length` for `use` (its content is an earlier caller's: overwrite it). */
  take(use: string, length: number): Int32Array {
    if (length * 4 > TspBuffers.KEPT_BYTES) return new Int32Array(length);
    let buffer = this.kept.get(use);
    if (!buffer || buffer.length < length) {
      buffer = new Int32Array(
        Math.min(Math.max(length, 2 * (buffer?.length ?? 0)), TspBuffers.KEPT_BYTES / 4),
      );
      this.kept.set(use, buffer);
    }
    return buffer.subarray(0, length);
  }
}

/**
 * Each node's other nodes by increasing distance, ties in segment order: node v's j-th nearest is
 * order[v * (size - 1) + j]. Sorted once per segment, it lets every loop find an end's nearest
 * unvisited node by skipping the visited ones at the head of its list instead of scanning them all.
 */
export function nearestFirst(matrix: DistanceMatrix, buffers?: TspBuffers): Int32Array {
  const { size, distance } = matrix;
  const width = size - 1;
  // Every entry is written below, so a reused buffer needs no clearing.
  const order = buffers ? buffers.take('order', size * width) : new Int32Array(size * width);
  let maxDistance = 0;
  for (let k = 0; k < distance.length; k++) if (distance[k] > maxDistance) maxDistance = distance[k];
  // A counting sort per node (distances are small integers; stable, so ties stay in segment order).
  const start = new Int32Array(maxDistance + 2);
  for (let v = 0; v < size; v++) {
    start.fill(0);
    const row = v * size;
    for (let u = 0; u < size; u++) if (u !== v) start[distance[row + u] + 1]++;
    for (let d = 0; d <= maxDistance; d++) start[d + 1] += start[d];
    for (let u = 0; u < size; u++) if (u !== v) order[v * width + start[distance[row + u]]++] = u;
  }
  return order;
}

/** The working arrays of one loop, made once per segment and cleared by each loop. */
export interface LoopScratch {
  visited: Int32Array;
  /** pointer[v]: where v's nearest unvisited node may be in its list (nodes before it are visited). */
  pointer: Int32Array;
  /** The loop as it grows: start, the dest side in order, then the star side from the end back. */
  path: Int32Array;
}

export const loopScratch = (size: number, buffers?: TspBuffers): LoopScratch => ({
  visited: buffers ? buffers.take('visited', size) : new Int32Array(size),
  pointer: buffers ? buffers.take('pointer', size) : new Int32Array(size),
  path: buffers ? buffers.take('path', size) : new Int32Array(size),
});

/**
 * The loop PrimTSP grows from `start`; null as soon as its IL reaches `abandonAt` (IL only grows
 * as the loop does, so such a loop cannot be the least).
 */
export function loopFrom(
  matrix: DistanceMatrix,
  start: number,
  abandonAt = Infinity,
  order: Int32Array = nearestFirst(matrix),
  scratch: LoopScratch = loopScratch(matrix.size),
  /** Recorded runs: receives each step of the loop's growth. */
  trail?: LoopStep[],
): Loop | null {
  const { size, distance } = matrix;
  const width = size - 1;
  const { visited, pointer, path } = scratch;
  visited.fill(0);
  pointer.fill(0);
  const nearestUnvisited = (v: number): number => {
    let at = pointer[v];
    while (visited[order[v * width + at]] === 1) at++;
    pointer[v] = at;
    return order[v * width + at];
  };
  const secondUnvisited = (v: number): number => {
    let at = pointer[v] + 1;
    while (visited[order[v * width + at]] === 1) at++;
    return order[v * width + at];
  };
  visited[start] = 1;
  // Nothing is allocated until the loop is complete: most loops are abandoned.
  path[0] = start;
  let destEnd = 1;
  let starEnd = size - 1;
  let star = start;
  let dest = start;
  let il = 0;
  for (let remaining = size - 1; remaining > 0; remaining--) {
    const nearStar = nearestUnvisited(star);
    const nearStarDistance = distance[star * size + nearStar];
    let nearDest = nearestUnvisited(dest);
    if (nearDest === nearStar && remaining > 1) nearDest = secondUnvisited(dest);
    const nearDestDistance = distance[dest * size + nearDest];
    trail?.push({
      star,
      nearStar,
      starDistance: nearStarDistance,
      dest,
      nearDest,
      destDistance: nearDestDistance,
      side: nearStarDistance > nearDestDistance ? 'dest' : 'star',
    });
    if (nearStarDistance > nearDestDistance) {
      path[destEnd++] = nearDest;
      il += nearDestDistance;
      dest = nearDest;
      visited[nearDest] = 1;
    } else {
      path[starEnd--] = nearStar;
      il += nearStarDistance;
      star = nearStar;
      visited[nearStar] = 1;
    }
    if (il >= abandonAt) return null;
  }
  il += distance[dest * size + star]; // the closing edge (0 for a loop of one node)
  if (il >= abandonAt) return null;
  return { path: Array.from(path.subarray(0, size)), il };
}

/**
 * Alg. 1 for one segment: the loop of least IL over every start node (ties to the first). A loop
 * is abandoned once its IL reaches the least found so far (line 25 keeps only a strictly smaller
 * one), which leaves the result as it is and cuts most loops short.
 */
export function primTsp(matrix: DistanceMatrix, buffers?: TspBuffers, log?: LoopLog): Loop {
  const order = nearestFirst(matrix, buffers);
  const scratch = loopScratch(matrix.size, buffers);
  let best: Loop = { path: [], il: Infinity };
  for (let start = 0; start < matrix.size; start++) {
    const trail: LoopStep[] | undefined = log && [];
    const loop = loopFrom(matrix, start, best.il, order, scratch, trail);
    log?.ils.push(loop ? loop.il : null);
    if (loop) best = loop;
    if (loop && log) log.steps = trail!;
  }
  return best;
}
