/**
 * The page's registry of release viewers, keyed by release kind (DESIGN.md sec. 4): every kind
 * has one (types.ts): its guarantee in words, its classes' name, its downloads and its view. A new
 * kind adds its viewer file and one entry here.
 */
import type { ReleaseKind } from '../../core/release/types.ts';
import { BucketsView } from './BucketsView.tsx';
import { GeneralizedView } from './GeneralizedView.tsx';
import { GroupsView } from './GroupsView.tsx';
import { ItemsetsView } from './ItemsetsView.tsx';
import { DisassociatedView } from './DisassociatedView.tsx';
import { TransactionsView } from './TransactionsView.tsx';
import type { ReleaseViewer } from './types.ts';

const ROW_FORMATS = ['csv-basket', 'csv-long', 'fimi', 'arff', 'parquet', 'parquet-long'] as const;
const TABLE_FORMATS = ['csv-long', 'parquet-long'] as const;

export const RELEASE_VIEWERS: Readonly<Record<ReleaseKind, ReleaseViewer>> = {
  transactions: {
    guarantee: 'every class ≥ k',
    guaranteeByModel: {
      'differential-privacy': 'ledger within ε, rows exactly as the noisy counts give them',
      'hkp-coherence':
        'every itemset of up to p public items in k rows or none, no private item above h of them',
    },
    unit: 'classes of identical rows',
    downloads: {
      formats: ROW_FORMATS,
      about: 'The published rows, in the format you choose.',
    },
    View: TransactionsView,
  },
  groups: {
    guarantee: 'every group has degree ≥ p',
    unit: 'groups',
    downloads: {
      formats: TABLE_FORMATS,
      about:
        "Anatomy's two tables: every QID row with its group (group,row,item) and each group's sensitive items as counts (group,item,count).",
    },
    View: GroupsView,
  },
  buckets: {
    guarantee: 'every bucket column l-diverse',
    unit: 'buckets',
    downloads: {
      formats: TABLE_FORMATS,
      about: 'Every published cell as bucket,row,column,item (columns are shuffled apart within a bucket).',
    },
    View: BucketsView,
  },
  generalized: {
    guarantee: 'every constraint holds',
    guaranteeByModel: {
      constraints: 'every privacy constraint holds',
      'km-anonymity': 'every itemset of up to m items in k rows or none',
    },
    unit: 'distinct rows',
    downloads: {
      formats: ROW_FORMATS,
      about:
        'The published rows with each generalized item as one item (its label), and a second table of what every label stands for.',
    },
    View: GeneralizedView,
  },
  itemsets: {
    guarantee: 'ledger within ε, itemsets exactly as the noisy counts give them',
    unit: 'itemsets',
    countsRows: false,
    downloads: {
      formats: TABLE_FORMATS,
      about: 'The top k itemsets as itemset,support: each itemset as {a,b} and its noisy support.',
    },
    View: ItemsetsView,
  },
  disassociated: {
    guarantee: 'every record chunk k^m-anonymous, every occurrence in one chunk',
    unit: 'clusters',
    downloads: {
      formats: TABLE_FORMATS,
      about:
        'Every record chunk sub-record and every term chunk item as cluster,rows,chunk,subrecord,item (the term chunk is chunk 0).',
    },
    View: DisassociatedView,
  },
};
