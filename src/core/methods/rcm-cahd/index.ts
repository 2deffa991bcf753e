/**
 * `rcm-cahd`: band-matrix re-organisation by Reverse Cuthill-McKee on A x A^T (Ghinita Sec. 5.1,
 * Fig. 6-7; shared/p-degree/rcm.ts), then CAHD (Fig. 11) along the RCM order. The run notes report
 * the size of the row graph (edges; a bound when degrees are bounded, see rcm.ts) and of the
 * memory the ordering used. A recorded run draws the band matrix (Fig. 1b on the paper's example;
 * rcmStep.ts).
 */
import { cahd } from '../shared/p-degree/cahd.ts';
import { ALPHA_PARAM } from '../shared/p-degree/pDegreeParams.ts';
import { pDegreeMethod } from '../shared/p-degree/pDegreeMethod.ts';
import { reverseCuthillMcKee } from '../shared/p-degree/rcm.ts';
import { rcmStep } from './rcmStep.ts';

export const rcmCahdSpec = pDegreeMethod({
  id: 'rcm-cahd',
  label: 'RCM band matrix + CAHD',
  params: [ALPHA_PARAM],
  formGroups(rows, p, params, ctx, steps) {
    const rcm = reverseCuthillMcKee(rows);
    ctx.progress(0.5, 'RCM order');
    if (steps) rcmStep(steps, rcm);
    const groups = cahd(rows, p, params.alpha, rcm.order, (f) => ctx.progress(0.5 + f / 2, 'groups'), steps);
    const n = rows.dataset.n;
    // Working memory of the ordering: tid-lists (nnz), per-row QID lists (nnz), degree, stamps,
    // levels, queue (4 x n), the items read per search (d), all 4-byte integers; the graph itself
    // is never stored.
    const bytes = 4 * (2 * rows.dataset.items.length + 6 * n + rows.dataset.d);
    return {
      groups,
      notes: {
        [rcm.exactDegrees ? 'row graph edges (A x A^T)' : 'row graph edges (A x A^T), at most']: rcm.edges,
        'RCM degrees': rcm.exactDegrees ? 'exact' : 'bounded (sum of item supports; see rcm.ts)',
        'RCM working memory MB': Number((bytes / 1e6).toFixed(1)),
        components: rcm.components,
      },
    };
  },
});
