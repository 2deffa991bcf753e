/**
 * The built-in samples: each paper's worked example (public/samples) and a synthetic
 * T10I4D10K-style dataset generated in a worker with a fixed seed (no large file in the repo).
 */
import type { DatasetFormat } from '../core/data/dataset.ts';
import type { QuestParams } from '../core/data/synthetic.ts';

export type Sample =
  | { id: string; label: string; note: string; kind: 'file'; path: string; format?: DatasetFormat }
  | { id: string; label: string; note: string; kind: 'synthetic'; params: QuestParams };

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
    note: 'Purchase log of five customers; Viagra and Pregnancy Test are the sensitive items',
    kind: 'file',
    path: 'samples/ghinita-fig1a.csv',
  },
  {
    id: 'coat-fig1a',
    label: 'COAT Fig. 1a',
    note: 'Diagnosis codes of ten patients (Loukides et al.)',
    kind: 'file',
    path: 'samples/coat-fig1a.csv',
  },
  {
    id: 'pta-fig2a',
    label: 'PTA Fig. 2',
    note: 'Thirteen transactions over QID items A-E (Lin et al.), as ARFF',
    kind: 'file',
    path: 'samples/pta-fig2a.arff',
  },
  {
    id: 'anatomy-table1a',
    label: 'Anatomy Table I(A)',
    note: 'Ten transactions over items a-h (multi-dimension anatomy paper)',
    kind: 'file',
    path: 'samples/anatomy-table1a.csv',
  },
];

export const DEFAULT_SAMPLE_ID = 'quest';
