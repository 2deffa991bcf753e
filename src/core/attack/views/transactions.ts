/**
 * `transactions` releases (PTA, PatternKa, hkp-coherence; DiffPart's synthetic rows) as the attacker reads them:
 * the published rows, an item the rows never show being suppressed (rowsView.ts). Membership's
 * statistic is the number of published rows holding all of the target's items.
 */
import { rowTokens } from '../../release/tokenRows.ts';
import type { Dataset } from '../../data/dataset.ts';
import { ItemRows } from '../../data/itemRows.ts';
import { publishedDataset } from '../../release/publishedRows.ts';
import type { TransactionsRelease } from '../../release/types.ts';
import { inverseRowOf, rowsView } from './rowsView.ts';
import type { KindReader } from './types.ts';
import { sensitiveItemSecrets } from './secrets.ts';

export const transactionsReader: KindReader<TransactionsRelease> = {
  kind: 'transactions',
  view(input, release) {
    const rows = publishedDataset(input, release.transactions);
    const index = ItemRows.of(rows);
    return rowsView(rows, (item) => (item < rows.d && index.support(item) > 0 ? item : null));
  },
  // hkp-coherence's private items (null for the kinds' other releases, which name none).
  secrets: (input, release) => sensitiveItemSecrets(input, release),
  unitOfRows: (input, _release, audit) => inverseRowOf(input.n, 'rowOf' in audit ? audit.rowOf : []),
  statistic: (input: Dataset, release, target) =>
    ItemRows.of(publishedDataset(input, release.transactions)).countRowsContaining(target),
  unitTokens: (release, unit) => rowTokens(release.transactions, unit),
};
