/**
 * Presets: sweeps that redraw a figure of the papers on whatever dataset is loaded. Each names the
 * figure and the section it comes from; the parameter values are the papers' where they fit a
 * workbench run, and the README lists where they were shortened.
 */
import type { SweepSpec } from './sweep.ts';

export interface Preset {
  id: string;
  label: string;
  /** What the figure shows and where the paper draws it. */
  figure: string;
  spec(dataset: string, seeds: number[]): SweepSpec;
}

export const PRESETS: readonly Preset[] = [
  {
    id: 'ghinita-fig12',
    label: 'Ghinita Fig. 12: KL and time vs p',
    figure:
      'Reconstruction error (KL) and runtime against the privacy degree p for the CAHD variants, NN, LSH and PermMondrian (Ghinita et al., Sec. 6, Fig. 12); 10 random sensitive items',
    spec: (dataset, seeds) => ({
      name: 'Ghinita Fig. 12',
      dataset,
      seeds,
      metrics: ['kl', 'avgre'],
      runs: ['gray-cahd', 'rcm-cahd', 'nn', 'lsh', 'perm-mondrian'].map((method) => ({
        method,
        params: { p: [4, 6, 8, 10, 15, 20] },
        sensitive: { random: 10 },
      })),
    }),
  },
  {
    id: 'pta-fig11',
    label: 'PTA Fig. 11: information loss vs k',
    figure:
      'Ratio of information loss (IL, Def. 2) against k at a fixed number of segments (Lin et al., Fig. 11)',
    spec: (dataset, seeds) => ({
      name: 'PTA Fig. 11',
      dataset,
      seeds,
      metrics: ['il', 'avgre'],
      runs: [{ method: 'pta', params: { k: [5, 10, 15, 20, 25, 30] } }],
    }),
  },
  {
    id: 'coat-fig8',
    label: 'COAT Fig. 8: AvgRE vs k, COAT vs Apriori',
    figure:
      'Average relative error of 1-item COUNT queries against k, k^m-anonymity with m = 2 (Loukides et al., Sec. 5, Fig. 8a)',
    spec: (dataset, seeds) => ({
      name: 'COAT Fig. 8',
      dataset,
      seeds,
      metrics: ['avgre', 'ul'],
      metricOptions: { q: 1 },
      runs: ['coat', 'apriori-km'].map((method) => ({ method, params: { k: [2, 5, 10, 25, 50], m: 2 } })),
    }),
  },
  {
    id: 'patternka-fig6',
    label: 'PatternKa Fig. 6: NCP vs k',
    figure:
      'Set-valued NCP (eq. 8) and runtime against k on sparse data (PatternKa, Sec. 5.2, Fig. 6); PTA beside it for comparison',
    spec: (dataset, seeds) => ({
      name: 'PatternKa Fig. 6',
      dataset,
      seeds,
      metrics: ['ncp', 'gcp', 'avgre'],
      runs: ['patternka', 'pta'].map((method) => ({ method, params: { k: [5, 10, 15, 20, 25, 30] } })),
    }),
  },
  {
    id: 'anatomy-fig6',
    label: 'Anatomy Fig. 6: AR vs confidence',
    figure:
      'Accuracy ratio of association rules (2-4 items) against the rules\u2019 minimum confidence, one line per l (anatomy paper, Sec. V, Fig. 6)',
    spec: (dataset, seeds) => ({
      name: 'Anatomy Fig. 6',
      dataset,
      seeds,
      metrics: ['rules'],
      // 1% support: the paper mines sparse T40I10D100K; at the 10% default sparse data has no rules.
      metricOptions: { minConfidence: [0.1, 0.3, 0.5, 0.7, 0.9], minSupport: 0.01 },
      runs: [{ method: 'multi-anatomy', params: { l: [2, 4, 6, 8] } }],
    }),
  },
  {
    id: 'dp-vs-k',
    label: 'ε beside k: DiffPart vs PTA on AvgRE',
    figure:
      'Average relative error of 2-item COUNT queries for DiffPart over ε (differential privacy; Chen et al. 2011) beside PTA over k (k-anonymity): one chart, each against its own privacy parameter (different guarantees, not one axis). The DP runs draw seeded noise: exploration, not publication',
    spec: (dataset, seeds) => ({
      name: 'DP vs k-anonymity',
      dataset,
      seeds,
      metrics: ['avgre'],
      runs: [
        { method: 'diffpart', params: { epsilon: [0.1, 0.5, 1, 2, 5, 10] } as Record<string, number[]> },
        { method: 'pta', params: { k: [2, 5, 10, 20] } },
      ],
    }),
  },
  {
    id: 'privbasis-fig',
    label: 'PrivBasis: FNR and RE vs ε (k = 50)',
    figure:
      'False-negative rate and median relative error of the published top-50 itemsets against ε (Li et al. 2012, Sec. 6; the paper repeats each setting 20 times)',
    spec: (dataset, seeds) => ({
      name: 'PrivBasis vs ε',
      dataset,
      seeds,
      metrics: ['topk'],
      runs: [{ method: 'privbasis', params: { epsilon: [0.05, 0.1, 0.25, 0.5, 0.75, 1], k: 50 } }],
    }),
  },
];

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
