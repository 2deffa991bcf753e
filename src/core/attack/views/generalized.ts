/**
 * `generalized` releases (COAT, apriori-km) as the attacker reads them: a known item is looked for
 * as its published label (the generalized item holding it, or itself), a suppressed one not at all
 * (the release lists it: the attacker knows it can match nothing), and the candidates are the rows
 * covering the labels (rowsView.ts).
 */
import { rowTokens } from '../../release/tokenRows.ts';
import { publishedDataset } from '../../release/publishedRows.ts';
import type { GeneralizedRelease } from '../../release/types.ts';
import { inverseRowOf, rowsView } from './rowsView.ts';
import type { KindReader } from './types.ts';

export const generalizedReader: KindReader<GeneralizedRelease> = {
  kind: 'generalized',
  view(input, release) {
    const rows = publishedDataset(input, release.transactions);
    const labelOf = new Map<string, string>();
    for (const [label, members] of Object.entries(release.generalized))
      for (const token of members) labelOf.set(token, label);
    const suppressed = new Set(release.suppressed);
    return rowsView(rows, (item) => {
      const token = input.dictionary.token(item);
      if (suppressed.has(token)) return null;
      return rows.dictionary.find(labelOf.get(token) ?? token) ?? null;
    });
  },
  unitOfRows: (input, _release, audit) => inverseRowOf(input.n, 'rowOf' in audit ? audit.rowOf : []),
  unitTokens: (release, unit) => rowTokens(release.transactions, unit),
};
