/**
 * Each method on the worked example of its paper (the samples in public/samples), with the paper's
 * settings as CLI flags: Ghinita Fig. 1a for the six p-degree methods and for PatternKa (whose paper
 * has no worked example), PTA Fig. 2, the anatomy paper's Table I(A), COAT Fig. 1a with Example
 * 4.1's constraints for COAT and, for Apriori anonymization (COAT's baseline), Fig. 2(a)'s k = 5, m = 5
 * over the sample of Fig. 3's hierarchy.
 * COAT's constraint files are written to a scratch folder (test/data holds compressed data only).
 */
import { scratch } from './cliInProcess.ts';

const files = scratch('examples');
const CONSTRAINTS = files.file('coat-constraints.csv', 'a,b,c\nd,e,f,g,h\n');
const UTILITY = files.file('coat-utility.csv', 'a,b\nc\nd\ne,f,g,h\n');
const GHINITA = ['public/samples/ghinita-fig1a.csv', '--p', '2', '--sensitive', 'Viagra,Pregnancy Test'];

export const TEACH_EXAMPLES: { method: string; args: string[] }[] = [
  { method: 'gray-cahd', args: [...GHINITA, '--order', 'input'] },
  { method: 'rcm-cahd', args: GHINITA },
  { method: 'nn', args: GHINITA },
  { method: 'lsh', args: GHINITA },
  { method: 'perm-mondrian', args: GHINITA },
  { method: 'anatomy', args: GHINITA },
  { method: 'patternka', args: ['public/samples/ghinita-fig1a.csv', '--k', '2'] },
  { method: 'pta', args: ['public/samples/pta-fig2a.arff', '--k', '3', '--segments', '2'] },
  { method: 'multi-anatomy', args: ['public/samples/anatomy-table1a.csv', '--l', '2', '--columns', '2'] },
  {
    method: 'coat',
    args: [
      'public/samples/coat-fig1a.csv',
      '--k',
      '5',
      '--m',
      '0',
      '--constraints',
      CONSTRAINTS,
      '--utility',
      UTILITY,
    ],
  },
  // COAT Fig. 2(a): Apriori's 5^5-anonymity over the hierarchy of Fig. 3.
  {
    method: 'apriori-km',
    args: [
      'public/samples/coat-fig1a.csv',
      '--k',
      '5',
      '--m',
      '5',
      '--hierarchy',
      'public/samples/coat-fig3-hierarchy.csv',
    ],
  },
  {
    method: 'hkp-coherence',
    args: [
      'public/samples/hkp-example.csv',
      '--h',
      '0.6',
      '--k',
      '2',
      '--p',
      '2',
      '--sensitive',
      'HIV,Diabetes',
    ],
  },
  // PrivBayes (issue 45) on the 10-row DP sample: ε = 10 and degree 1, so that ten rows model four
  // items (θ-usefulness models two at ε = 2); the noise is seeded, as every stepper's.
  { method: 'privbayes', args: ['public/samples/dp-baskets.csv', '--epsilon', '10', '--degree', '1'] },
];
