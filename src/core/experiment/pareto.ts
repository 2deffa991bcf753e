/**
 * The non-dominated runs of a privacy-utility scatter: a run is dominated when another one offers
 * at least as much privacy at no more loss, and is strictly better in one of the two. Sorting by
 * privacy (descending) and sweeping the best loss seen gives the front in O(n log n).
 */
export interface TradeOff {
  /** Higher is more private (the privacy parameter: p, k, l). */
  privacy: number;
  /** Lower is better (a loss or error; negate an accuracy first). */
  loss: number;
}

/** Indices of the non-dominated points, ascending. Equal points are all kept. */
export function nonDominated(points: readonly TradeOff[]): number[] {
  const order = points
    .map((_, i) => i)
    .sort((a, b) => points[b].privacy - points[a].privacy || points[a].loss - points[b].loss);
  const front: number[] = [];
  let bestLoss = Infinity;
  let i = 0;
  while (i < order.length) {
    // Points of equal privacy: the lowest loss among them is order[i]; its equals share its fate.
    const privacy = points[order[i]].privacy;
    const lowest = points[order[i]].loss;
    let j = i;
    for (; j < order.length && points[order[j]].privacy === privacy; j++) {
      if (points[order[j]].loss === lowest && lowest < bestLoss) front.push(order[j]);
    }
    bestLoss = Math.min(bestLoss, lowest);
    i = j;
  }
  return front.sort((a, b) => a - b);
}
