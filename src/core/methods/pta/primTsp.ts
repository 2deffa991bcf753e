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
 */

export interface Loop {
  /** Indices into the segment, in path order. */
  path: number[];
  il: number;
}

/** Hamming distances of a segment: `distance[i * size + j]`. */
export interface DistanceMatrix {
  size: number;
  distance: Int32Array;
}

export function buildDistanceMatrix(size: number, hamming: (i: number, j: number) => number): DistanceMatrix {
  const distance = new Int32Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) distance[i * size + j] = distance[j * size + i] = hamming(i, j);
  }
  return { size, distance };
}

/** The loop PrimTSP grows from `start`. */
export function loopFrom(matrix: DistanceMatrix, start: number): Loop {
  const { size, distance } = matrix;
  // Unvisited nodes as a linked list in segment order, so that scans find ties' first node.
  const next = new Int32Array(size + 1);
  const prev = new Int32Array(size + 1);
  const head = size; // sentinel
  let last = head;
  for (let i = 0; i < size; i++) {
    if (i === start) continue;
    next[last] = i;
    prev[i] = last;
    last = i;
  }
  next[last] = head;
  prev[head] = last;
  const remove = (i: number) => {
    next[prev[i]] = next[i];
    prev[next[i]] = prev[i];
  };
  const starSide: number[] = [];
  const destSide: number[] = [];
  let star = start;
  let dest = start;
  let il = 0;
  for (let remaining = size - 1; remaining > 0; remaining--) {
    let nearStar = -1;
    let nearStarDistance = Infinity;
    let bestDest = -1;
    let bestDestDistance = Infinity;
    let secondDest = -1;
    let secondDestDistance = Infinity;
    for (let v = next[head]; v !== head; v = next[v]) {
      const ds = distance[star * size + v];
      if (ds < nearStarDistance) {
        nearStarDistance = ds;
        nearStar = v;
      }
      const dd = distance[dest * size + v];
      if (dd < bestDestDistance) {
        secondDest = bestDest;
        secondDestDistance = bestDestDistance;
        bestDest = v;
        bestDestDistance = dd;
      } else if (dd < secondDestDistance) {
        secondDest = v;
        secondDestDistance = dd;
      }
    }
    let nearDest = bestDest;
    let nearDestDistance = bestDestDistance;
    if (bestDest === nearStar && remaining > 1) {
      nearDest = secondDest;
      nearDestDistance = secondDestDistance;
    }
    if (nearStarDistance > nearDestDistance) {
      destSide.push(nearDest);
      il += nearDestDistance;
      dest = nearDest;
      remove(nearDest);
    } else {
      starSide.push(nearStar);
      il += nearStarDistance;
      star = nearStar;
      remove(nearStar);
    }
  }
  il += distance[dest * size + star]; // the closing edge (0 for a loop of one node)
  return { path: [start, ...destSide, ...starSide.reverse()], il };
}

/** Alg. 1 for one segment: the loop of least IL over every start node. */
export function primTsp(matrix: DistanceMatrix): Loop {
  let best: Loop = { path: [], il: Infinity };
  for (let start = 0; start < matrix.size; start++) {
    const loop = loopFrom(matrix, start);
    if (loop.il < best.il) best = loop;
  }
  return best;
}
