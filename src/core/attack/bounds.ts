/**
 * The statistics of an attack's result and the bounds the models claim.
 *
 * - A mean success over targets (identity, inference): each target's success is a probability in
 *   [0, 1], so the variance of one target's outcome is at most μ(1 − μ) whatever the mix of
 *   probabilities (Bhatia-Davis), the variance a proportion of Bernoulli(μ) draws has. The upper
 *   bound is therefore the one-sided 95% Wilson score bound (z = 1.645) of the mean as a proportion
 *   over the n targets: it treats the mean as conservatively as a count of successes, stays inside
 *   [0, 1] and does not collapse to the mean at 0 or 1 as a normal bound does.
 * - A membership advantage: the attacker's best threshold test, chosen after seeing the runs, is a
 *   maximum over thresholds, so a per-threshold interval would be optimistic. The
 *   Dvoretzky-Kiefer-Wolfowitz inequality (Massart's constant) bounds the largest deviation of an
 *   empirical distribution function over every threshold at once: P(sup |F̂ − F| > ε) ≤ 2e^(−2nε²).
 *   With both samples inside their bands, every threshold's true advantage is within the two bands'
 *   sum of the observed one; each band is set at α / (2 · tests) (Bonferroni over the two samples
 *   and the targets attacked).
 */

/** z of a one-sided 95% bound. */
const Z95 = 1.6448536269514722;

/** One-sided 95% Wilson score upper bound of a proportion `mean` over `n` draws (1 when n = 0). */
export function wilsonUpper95(mean: number, n: number): number {
  if (n <= 0) return 1;
  const z2 = Z95 * Z95;
  const centre = mean + z2 / (2 * n);
  const spread = Z95 * Math.sqrt((mean * (1 - mean)) / n + z2 / (4 * n * n));
  return Math.min(1, (centre + spread) / (1 + z2 / n));
}

/** The DKW band of an empirical distribution function of `n` draws at confidence 1 − `alpha`. */
export function dkwBand(n: number, alpha: number): number {
  return Math.sqrt(Math.log(2 / alpha) / (2 * n));
}

/**
 * The largest advantage TPR − FPR of any test between the outputs of an ε-DP mechanism on two
 * neighbouring inputs: (e^ε − 1)/(e^ε + 1) (Kairouz, Oh, Viswanath, "The composition theorem for
 * differential privacy", ICML 2015, Thm. 2.4 at δ = 0; Wasserman & Zhou 2010's hypothesis-test view).
 */
export function dpAdvantageBound(epsilon: number): number {
  return Math.tanh(epsilon / 2);
}

/** A bound is kept up to float rounding (1/k computed against 1/count). */
export function atMost(value: number, bound: number): boolean {
  return value <= bound + 1e-9;
}
