/**
 * The page's registry of release viewers, keyed by release kind (DESIGN.md sec. 4): every kind
 * has one (types.ts). A new kind adds its viewer file and one line here.
 */
import type { ReleaseKind } from '../../core/release/types.ts';
import { BucketsView } from './BucketsView.tsx';
import { GeneralizedView } from './GeneralizedView.tsx';
import { GroupsView } from './GroupsView.tsx';
import { TransactionsView } from './TransactionsView.tsx';
import type { ReleaseViewer } from './types.ts';

export const RELEASE_VIEWERS: Readonly<Record<ReleaseKind, ReleaseViewer>> = {
  transactions: { guarantee: 'every class ≥ k', unit: 'classes of identical rows', View: TransactionsView },
  groups: { guarantee: 'every group has degree ≥ p', unit: 'groups', View: GroupsView },
  buckets: { guarantee: 'every bucket column l-diverse', unit: 'buckets', View: BucketsView },
  generalized: { guarantee: 'every constraint holds', unit: 'distinct rows', View: GeneralizedView },
};
