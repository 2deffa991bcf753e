/**
 * PAM k-medoids (Kaufman and Rousseeuw; the anatomy paper's [14], Sec. IV.A.2) with the FastPAM1
 * swap evaluation of Schubert and Rousseeuw ("Faster k-Medoids Clustering", SISAP 2019): BUILD
 * picks the medoid of least total distance, then repeatedly the point that lowers the total
 * distance most; SWAP then applies the best (medoid, non-medoid) exchange while it lowers the cost.
 * FastPAM1 finds the best exchange for a candidate point against all k medoids at once from each
 * point's nearest and second-nearest medoid, so an iteration costs O(m^2) instead of O(k m^2),
 * which keeps thousands of items tractable. Same swaps as plain PAM (ties to the lowest index).
 */

/** What PAM did, for a recorded run: a BUILD pick (with its total distance) or an applied swap. */
export type PamEvent =
  | { kind: 'build'; medoid: number; total: number }
  | { kind: 'swap'; out: number; in: number; change: number };

export interface Clustering {
  /** Indices of the medoids. */
  medoids: number[];
  /** assignment[i]: the index (into `medoids`) of point i's cluster. */
  assignment: number[];
  /** Sum of each point's distance to its medoid. */
  cost: number;
  swaps: number;
}

/** `distance(i, j)` over m points; k <= m. */
export function pam(
  m: number,
  k: number,
  distance: (i: number, j: number) => number,
  maxSwaps = 10_000,
  /** Recorded runs: told each BUILD pick and each swap applied. */
  observe?: (event: PamEvent) => void,
): Clustering {
  if (k < 1 || k > m) throw new Error(`k-medoids needs 1 <= k <= ${m}, got ${k}`);
  const medoids = build(m, k, distance, observe);
  let swaps = 0;
  // With one medoid BUILD's choice (least total distance) is already optimal.
  for (; k > 1 && swaps < maxSwaps; swaps++) {
    const best = bestSwap(m, medoids, distance);
    if (best.change >= -1e-12) break;
    observe?.({ kind: 'swap', out: medoids[best.medoid], in: best.candidate, change: best.change });
    medoids[best.medoid] = best.candidate;
  }
  const { nearest, nearestDistance } = nearestMedoids(m, medoids, distance);
  return {
    medoids,
    assignment: Array.from(nearest),
    cost: nearestDistance.reduce((s, x) => s + x, 0),
    swaps,
  };
}

function build(
  m: number,
  k: number,
  distance: (i: number, j: number) => number,
  observe?: (event: PamEvent) => void,
): number[] {
  const medoids: number[] = [];
  const current = new Float64Array(m).fill(Infinity);
  const isMedoid = new Uint8Array(m);
  for (let added = 0; added < k; added++) {
    let best = -1;
    let bestTotal = Infinity;
    for (let c = 0; c < m; c++) {
      if (isMedoid[c]) continue;
      let total = 0;
      for (let o = 0; o < m; o++) total += Math.min(current[o], distance(o, c));
      if (total < bestTotal) {
        bestTotal = total;
        best = c;
      }
    }
    medoids.push(best);
    observe?.({ kind: 'build', medoid: best, total: bestTotal });
    isMedoid[best] = 1;
    for (let o = 0; o < m; o++) current[o] = Math.min(current[o], distance(o, best));
  }
  return medoids;
}

function nearestMedoids(m: number, medoids: number[], distance: (i: number, j: number) => number) {
  const nearest = new Int32Array(m);
  const nearestDistance = new Float64Array(m);
  const secondDistance = new Float64Array(m);
  for (let o = 0; o < m; o++) {
    let d1 = Infinity;
    let d2 = Infinity;
    let n1 = 0;
    medoids.forEach((medoid, index) => {
      const d = distance(o, medoid);
      if (d < d1) {
        d2 = d1;
        d1 = d;
        n1 = index;
      } else if (d < d2) d2 = d;
    });
    nearest[o] = n1;
    nearestDistance[o] = d1;
    secondDistance[o] = d2;
  }
  return { nearest, nearestDistance, secondDistance };
}

/** FastPAM1 (k >= 2): the best exchange over all (medoid, candidate) pairs and its change in cost. */
function bestSwap(m: number, medoids: number[], distance: (i: number, j: number) => number) {
  const k = medoids.length;
  const { nearest, nearestDistance, secondDistance } = nearestMedoids(m, medoids, distance);
  const isMedoid = new Uint8Array(m);
  for (const medoid of medoids) isMedoid[medoid] = 1;
  // Removal loss of each medoid: its points fall back to their second-nearest medoid.
  const removalLoss = new Float64Array(k);
  for (let o = 0; o < m; o++) removalLoss[nearest[o]] += secondDistance[o] - nearestDistance[o];
  let best = { medoid: -1, candidate: -1, change: 0 };
  const delta = new Float64Array(k);
  for (let c = 0; c < m; c++) {
    if (isMedoid[c]) continue;
    delta.set(removalLoss);
    let shared = 0;
    for (let o = 0; o < m; o++) {
      const doc = distance(o, c);
      const n = nearest[o];
      const dn = nearestDistance[o];
      const ds = secondDistance[o];
      if (doc < dn) {
        shared += doc - dn;
        delta[n] += dn - ds;
      } else if (doc < ds) {
        delta[n] += doc - ds;
      }
    }
    for (let i = 0; i < k; i++) {
      const change = delta[i] + shared;
      if (change < best.change - 1e-12) best = { medoid: i, candidate: c, change };
    }
  }
  return best;
}
