/**
 * A class-size histogram ([size, classes] pairs) put in at most `maxBars` bars for a chart: when
 * there are more distinct sizes than that, sizes are merged into ranges whose bounds grow
 * geometrically from the smallest size to the largest (sizes crowd at k, and a few classes are
 * thousands of rows), so the small sizes stay exact and the tail is summed in wider ranges. A
 * range without a class is kept (the gap is part of the shape). Drawing every one of the 500-odd
 * sizes of a 1,000,000-row PTA release took ECharts one 100 ms (CPU) task (issue 16).
 */
export interface SizeBin {
  /** Smallest and largest size the bar holds (equal when it is one size). */
  from: number;
  to: number;
  classes: number;
}

export function sizeBins(histogram: readonly [number, number][], maxBars: number): SizeBin[] {
  if (histogram.length <= maxBars)
    return histogram.map(([size, classes]) => ({ from: size, to: size, classes }));
  const smallest = histogram[0][0];
  const largest = histogram[histogram.length - 1][0];
  // Lower bounds: geometric steps, at least one size apart.
  const bounds: number[] = [];
  for (let i = 0; i < maxBars; i++) {
    const bound = Math.round(smallest * (largest / smallest) ** (i / maxBars));
    bounds.push(Math.max(bound, (bounds[bounds.length - 1] ?? smallest - 1) + 1));
  }
  const bins = bounds
    .filter((bound) => bound <= largest)
    .map((from, i, all) => ({ from, to: (all[i + 1] ?? largest + 1) - 1, classes: 0 }));
  let at = 0;
  for (const [size, classes] of histogram) {
    while (size > bins[at].to) at++;
    bins[at].classes += classes;
  }
  return bins;
}

/** A bar's name: its size, or its range of sizes. */
export const binLabel = (bin: SizeBin) => (bin.from === bin.to ? String(bin.from) : `${bin.from}–${bin.to}`);
