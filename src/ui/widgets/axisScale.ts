/**
 * A value axis for numbers of any size. ECharts rounds its tick arithmetic to at most 20 decimals,
 * so values around 1e-45 get an axis with no labels at all (and numbers around 1e12 labels too
 * long to read). Such values are drawn divided by a power of ten, which the axis name states
 * ("ul (× 1e-45)"); tooltips keep the true values.
 */
export interface AxisScale {
  /** Drawn value = true value / factor. */
  factor: number;
  /** What the axis name adds, e.g. " (× 1e-45)"; empty when the factor is 1. */
  suffix: string;
}

export function axisScale(values: Iterable<number>): AxisScale {
  let largest = 0;
  for (const v of values) if (Number.isFinite(v)) largest = Math.max(largest, Math.abs(v));
  if (largest === 0 || (largest >= 1e-4 && largest < 1e9)) return { factor: 1, suffix: '' };
  const exponent = Math.floor(Math.log10(largest));
  return { factor: 10 ** exponent, suffix: ` (× 1e${exponent})` };
}
