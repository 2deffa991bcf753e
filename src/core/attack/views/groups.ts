/**
 * `groups` releases (p-degree methods, Ghinita Sec. 3.1) as the attacker reads them: the QID rows
 * are published exactly, so a person's candidates are the QID rows holding its known QID items;
 * its sensitive items are published only as each group's counts, so the share of the candidates
 * holding sensitive item s is the mean, over the candidate rows, of their group's count of s over
 * its size (the attacker cannot tell which row of a group holds it).
 */
import { rowTokens } from '../../release/tokenRows.ts';
import { groupsIndex, groupsPlacement } from '../../release/groupsIndex.ts';
import { groupSize } from '../../release/tables.ts';
import type { GroupsRelease } from '../../release/types.ts';
import { rowsView } from './rowsView.ts';
import { sensitiveItemSecrets } from './secrets.ts';
import type { AttackView, KindReader } from './types.ts';

export const groupsReader: KindReader<GroupsRelease> = {
  kind: 'groups',
  view(input, release): AttackView {
    const index = groupsIndex(input, release);
    const rows = rowsView(index.published, (item) => item);
    return {
      units: rows.units,
      candidates(known) {
        const found = rows.candidates(known);
        return {
          ...found,
          share(secret) {
            if (found.persons === 0 || secret.item === undefined) return 0;
            const counts = index.countsOf(input.dictionary.token(secret.item));
            let sum = 0;
            for (const row of found.list(Infinity)) {
              const g = index.groupOf[row];
              sum += counts[g] / groupSize(release.groups, g);
            }
            return sum / found.persons;
          },
        };
      },
    };
  },
  unitOfRows(input, _release, audit) {
    if (!('groups' in audit)) return new Int32Array(input.n).fill(-1);
    return Int32Array.from(groupsPlacement(input.n, audit).publishedOf);
  },
  secrets: (input, release) => sensitiveItemSecrets(input, release),
  unitTokens: (release, unit) => rowTokens(release.groups.qid, unit),
};
