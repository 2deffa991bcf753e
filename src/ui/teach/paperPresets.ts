/**
 * One-click paper presets (issue 40): for each figure of the five papers the stepper reproduces,
 * the sample, method, parameters, sensitive items and step that show it. A preset opens as a link
 * does (openTeachLink.ts): whatever the page held before, its own sample and settings. The figure
 * badges on the steps come from the trace (core/teach/paperExamples.ts: only on the paper's own
 * example); `figures` names what the preset shows, with where it departs said on the step itself.
 */
import type { TeachLink } from './teachLink.ts';

export interface PaperPreset {
  id: string;
  /** The paper's figure or example, as its button reads. */
  label: string;
  /** What it reproduces, in a line (the button's tooltip). */
  figures: string;
  link: Omit<TeachLink, 'seed' | 'step'> & { step?: number };
}

/** A step beyond any trace's last: the stepper opens on its last step (the release). */
const LAST = Number.MAX_SAFE_INTEGER;

const GHINITA = {
  sample: 'ghinita-fig1a',
  sensitiveKind: 'items' as const,
  sensitiveText: 'Viagra, Pregnancy Test',
};

/** COAT Fig. 3's hierarchy as the text names it (Sec. 1.2): (a,b,c) and (d,e,f,g,h) under the root. */
const COAT_FIG3 = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']
  .map((item) => `${item};${'abc'.includes(item) ? '(a,b,c)' : '(d,e,f,g,h)'};(a,b,c,d,e,f,g,h)`)
  .join('\n');

export const PAPER_PRESETS: readonly PaperPreset[] = [
  {
    id: 'ghinita-gray',
    label: 'Ghinita Figs. 1a, 1c',
    figures: 'Gray + CAHD, p = 2: the data (Fig. 1a) and the Gray order (Fig. 1c, Sec. 5.2)',
    link: { ...GHINITA, method: 'gray-cahd', params: { p: '2', order: 'input' } },
  },
  {
    id: 'ghinita-rcm',
    label: 'Ghinita Fig. 1b',
    figures: 'RCM + CAHD, p = 2: the band matrix of Fig. 1b',
    link: { ...GHINITA, method: 'rcm-cahd', params: { p: '2' } },
  },
  {
    id: 'ghinita-1d',
    label: 'Ghinita Fig. 1d',
    figures:
      "The release of Gray + CAHD, p = 2, beside Fig. 1d (the step says why it has 3 groups to the figure's 2)",
    link: { ...GHINITA, method: 'gray-cahd', params: { p: '2', order: 'input' }, step: LAST },
  },
  {
    id: 'ghinita-lsh',
    label: 'Ghinita Sec. 4.2 (LSH)',
    figures: 'LSH with the paper’s B = 2 projections of w = 2 items, p = 2',
    link: { ...GHINITA, method: 'lsh', params: { p: '2', w: '2', B: '2' } },
  },
  {
    id: 'pta',
    label: 'PTA Figs. 2-7',
    figures: 'PTA, k = 3 over two segments: Figs. 2(b)-7 row for row',
    link: { sample: 'pta-fig2a', method: 'pta', params: { k: '3', segments: '2' } },
  },
  {
    id: 'coat-ex41',
    label: 'COAT Example 4.1',
    figures:
      'COAT, k = 5 with the constraints of Fig. 1(b) and the utility of Fig. 1(c): Example 4.1 and Fig. 2(c)',
    link: {
      sample: 'coat-fig1a',
      method: 'coat',
      params: { k: '5', m: '0', constraints: 'a,b,c\nd,e,f,g,h', utility: 'a,b\nc\nd\ne,f,g,h' },
    },
  },
  {
    id: 'coat-fig2a',
    label: 'COAT Fig. 2(a)',
    figures: "Apriori's 5^5-anonymity (Terrovitis et al.) over Fig. 3's hierarchy: Fig. 2(a) row for row",
    link: {
      sample: 'coat-fig1a',
      method: 'apriori-km',
      params: { k: '5', m: '5', hierarchy: COAT_FIG3 },
      step: LAST,
    },
  },
  {
    id: 'anatomy',
    label: 'Anatomy Table I',
    figures:
      'Multi-dimension anatomy, l = 2 over 2 columns: phi² (eq. 4) and PAM; where it departs from Table I(D) is said',
    link: { sample: 'anatomy-table1a', method: 'multi-anatomy', params: { l: '2', columns: '2' } },
  },
];
