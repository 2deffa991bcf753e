/**
 * The built-in samples: each paper's worked example (public/samples) and a synthetic
 * T10I4D10K-style dataset generated in a worker with a fixed seed (no large file in the repo).
 * A worked example also carries the paper's settings for it, which the Anonymize form and the
 * Teach tab start from when the sample is opened (a teacher sees the paper's run and steps at once).
 */
import type { DatasetFormat } from '../../core/data/dataset.ts';
import type { QuestParams } from '../../core/data/synthetic.ts';
import type { ParamValue } from '../../core/methods/types.ts';

/** The method, parameters and sensitive items a paper uses on its worked example. */
export interface ExampleSettings {
  method: string;
  params: Record<string, ParamValue>;
  sensitive?: string[];
}

interface SampleBase {
  id: string;
  label: string;
  note: string;
  example?: ExampleSettings;
  /** A generalization hierarchy for it (DESIGN.md sec. 7), offered beside it in the Overview tab. */
  hierarchy?: string;
}

export type Sample =
  | (SampleBase & { kind: 'file'; path: string; format?: DatasetFormat })
  | (SampleBase & { kind: 'synthetic'; params: QuestParams });

export const SAMPLES: Sample[] = [
  {
    id: 'quest',
    label: 'Synthetic T10I4D10K',
    note: 'IBM Quest-style: 10,000 transactions, average length 10, 1,000 items (seed 1)',
    kind: 'synthetic',
    params: { D: 10_000, T: 10, I: 4, N: 1000, L: 2000, seed: 1 },
  },
  {
    id: 'ghinita-fig1a',
    label: 'Ghinita Fig. 1a',
    note: 'Purchase log of five customers (T1-T5: Bob, David, Claire, Andrea, Ellen); Viagra and Pregnancy Test are the sensitive items',
    kind: 'file',
    path: 'samples/ghinita-fig1a.csv',
    // Sec. 3 and Fig. 1: privacy degree 2 over the two sensitive items; the Gray code reads the
    // QID columns in Fig. 1a's order (Wine, Strawberries, Meat, Cream: Sec. 5.2's codes, Fig. 1c).
    example: {
      method: 'gray-cahd',
      params: { p: 2, order: 'input' },
      sensitive: ['Viagra', 'Pregnancy Test'],
    },
  },
  {
    id: 'coat-fig1a',
    label: 'COAT Fig. 1a',
    note: 'Diagnosis codes of ten patients (Loukides et al.)',
    kind: 'file',
    path: 'samples/coat-fig1a.csv',
    // Example 4.1: k = 5 with the privacy constraints {a,b,c}, {d,e,f,g,h} and the utility partition.
    example: {
      method: 'coat',
      params: { k: 5, m: 0, constraints: 'a,b,c\nd,e,f,g,h', utility: 'a,b\nc\nd\ne,f,g,h' },
    },
  },
  {
    id: 'pta-fig2a',
    label: 'PTA Fig. 2',
    note: 'Thirteen transactions over QID items A-E (Lin et al.), as ARFF',
    kind: 'file',
    path: 'samples/pta-fig2a.arff',
    // Sec. 4 worked example: k = 3 over two segments (Figs. 3-7).
    example: { method: 'pta', params: { k: 3, segments: 2 } },
  },
  {
    id: 'anatomy-table1a',
    label: 'Anatomy Table I(A)',
    note: 'Ten transactions over items a-h (multi-dimension anatomy paper)',
    kind: 'file',
    path: 'samples/anatomy-table1a.csv',
    // Table I: 2-diversity with the items split into two columns.
    example: { method: 'multi-anatomy', params: { l: 2, columns: 2 } },
  },
  {
    id: 'hkp-example',
    label: '(h,k,p)-coherence example',
    note: "Twelve rows of public items a-g and private HIV, Diabetes (the workbench's own example; not the paper's)",
    kind: 'file',
    path: 'samples/hkp-example.csv',
    format: 'csv-basket',
    // docs/hkp-coherence.md: h = 0.6, k = 2, p = 2 finds size-1 and pair moles and two greedy choices.
    example: { method: 'hkp-coherence', params: { h: 0.6, k: 2, p: 2 }, sensitive: ['HIV', 'Diabetes'] },
  },
  {
    id: 'dp-baskets',
    label: 'DP example (10 baskets)',
    note: 'Ten shopping baskets over seven foods with a food hierarchy: DiffPart and PrivBasis stepped with their noise',
    kind: 'file',
    path: 'samples/dp-baskets.csv',
    format: 'csv-basket',
    hierarchy: 'samples/dp-baskets-hierarchy.csv',
    // Small thresholds and ε = 2, so that DiffPart's splits reach the leaves on ten rows (the
    // code's c1 = 6.75 would drop every sub-partition of so small a file).
    example: {
      method: 'diffpart',
      params: {
        epsilon: 2,
        c1: 0.3,
        c2: 0.5,
        hierarchy:
          'bread;bakery;food\nbutter;dairy;food\nmilk;dairy;food\ncheese;dairy;food\njam;bakery;food\napples;fruit;food\npears;fruit;food',
      },
    },
  },
  {
    id: 'groceries',
    label: 'Groceries (with a hierarchy)',
    note: 'Eighty shopping baskets over 27 named products; a product hierarchy to load beside them',
    kind: 'file',
    path: 'samples/groceries.csv',
    format: 'csv-basket',
    hierarchy: 'samples/groceries-hierarchy.csv',
  },
  {
    id: 'groceries-next',
    label: 'Groceries, next batch',
    note: "Sixty more baskets of the same shop, with two products the first batch lacks: apply a run's rules to it",
    kind: 'file',
    path: 'samples/groceries-next.csv',
    format: 'csv-basket',
    hierarchy: 'samples/groceries-hierarchy.csv',
  },
  {
    id: 'disassociation-fig1a',
    label: 'Disassociation Fig. 1',
    note: 'Ten search-log records (Terrovitis et al., PVLDB 2012), as we reconstructed the running example',
    kind: 'file',
    path: 'samples/disassociation-fig1a.csv',
    format: 'csv-basket',
    // Sec. 3 and Fig. 1: k = 3, m = 2; clusters of at most five rows, as the figure draws them.
    example: { method: 'disassociation', params: { k: 3, m: 2, maxCluster: 5 } },
  },
];

export const DEFAULT_SAMPLE_ID = 'quest';
