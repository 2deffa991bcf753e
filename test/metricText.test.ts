/** How the page writes a metric beside its standard error (src/ui/widgets/metricText.ts). */
import { describe, expect, it } from 'vitest';
import { formatMetric, formatSe } from '../src/ui/widgets/metricText.ts';

describe('a value and its standard error', () => {
  it('writes the error to two significant digits', () => {
    expect(formatMetric({ kl: 0.12345, kl_se: 0.005678 }, 'kl')).toBe('0.1235 ± 0.0057');
    expect(formatSe(3e-5, 0.2)).toBe('0.000030');
  });

  it('reads an error of rounding noise as 0: every query agreed', () => {
    // KL on Ghinita Fig. 1a: 0.6931 with a standard error of 8.7e-17.
    expect(formatMetric({ kl: 0.6931471805599453, kl_se: 8.657e-17 }, 'kl')).toBe('0.6931 ± 0');
    expect(formatSe(1e-13, 1000)).toBe('0');
    expect(formatSe(2e-9, 1000)).toBe('2.0e-9');
  });
});
