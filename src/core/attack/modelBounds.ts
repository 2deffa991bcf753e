/**
 * What each privacy model claims against each attack, read from the release's header params (so a
 * release whose params claim more than its rows deliver is held to its claim, DESIGN.md sec. 8):
 * - identity: k-anonymity (PTA, PatternKa): every published row shared by k, so at most 1/k for
 *   any number of known items; km-anonymity (apriori-km, Terrovitis et al. Def. 2) and COAT in k^m
 *   mode (Gkoulalas-Divanis & Loukides, privacy constraints of every itemset of 1..m items) and
 *   disassociation (Terrovitis et al. PVLDB 2012: k^m-anonymous record chunks): 1/k for at most m
 *   known items, no claim past m; COAT with given constraints and the p-degree,
 *   l-diversity and DP models claim nothing about identity;
 * - inference: p-degree (Ghinita et al. Def. 2): 1/p; l-diversity in the frequency reading
 *   (anatomy paper Def. 5): 1/l; the distinct reading bounds no frequency;
 * - membership: ε-DP: (e^ε − 1)/(e^ε + 1) (bounds.ts);
 * - (h,k,p)-coherence (Xu et al., KDD 2008, Sec. 2): identity 1/k and inference h for at most p
 *   known public items, no claim past p;
 * - safe disassociation (arXiv 1904.03112): inference by covers 0 for at most m − 1 known items
 *   (the share of views/coverShare.ts counts only what covers prove); plain disassociation none.
 * Null: the model claims no bound against that attack.
 */
import { diversityOf } from '../release/diversity.ts';
import type { ReleaseHeader } from '../release/types.ts';
import { dpAdvantageBound } from './bounds.ts';
import type { AttackName } from './types.ts';

const param = (release: ReleaseHeader, name: string) => Number(release.params[name]);

export function modelBound(release: ReleaseHeader, attack: AttackName, known: number | null): number | null {
  switch (attack) {
    case 'identity': {
      const k = param(release, 'k');
      if (!(k >= 1)) return null;
      if (release.model === 'k-anonymity') return 1 / k;
      if (release.model === 'hkp-coherence')
        return known !== null && known <= param(release, 'p') ? 1 / k : null;
      const m = param(release, 'm');
      if (
        (release.model === 'km-anonymity' ||
          release.model === 'constraints' ||
          release.model === 'disassociation') &&
        m > 0 &&
        known !== null &&
        known <= m
      )
        return 1 / k;
      return null;
    }
    case 'inference':
      // Safe disassociation (arXiv 1904.03112): no itemset of at most m items across chunks is
      // proven for fewer than k rows, so the cover attack (views/coverShare.ts) with at most m − 1
      // known items proves nothing; plain disassociation claims nothing against it.
      if (release.model === 'disassociation')
        return release.params.safe === true && known !== null && known <= param(release, 'm') - 1 ? 0 : null;
      if (release.model === 'hkp-coherence' && param(release, 'h') > 0)
        return known !== null && known <= param(release, 'p') ? param(release, 'h') : null;
      if (release.model === 'p-degree' && param(release, 'p') >= 1) return 1 / param(release, 'p');
      if (
        release.model === 'l-diversity' &&
        diversityOf(release.params) === 'frequency' &&
        param(release, 'l') >= 1
      )
        return 1 / param(release, 'l');
      return null;
    case 'membership':
      return release.model === 'differential-privacy' && param(release, 'epsilon') > 0
        ? dpAdvantageBound(param(release, 'epsilon'))
        : null;
  }
}

/** The attacks that apply to a release: membership on DP releases; identity, and inference when it has secrets. */
export function attacksOf(release: ReleaseHeader, hasView: boolean, hasSecrets: boolean): AttackName[] {
  if (release.model === 'differential-privacy') return ['membership'];
  if (!hasView) return [];
  return hasSecrets ? ['identity', 'inference'] : ['identity'];
}
