/**
 * `patternka`: PatternKa, k-anonymity by longest closed frequent patterns (Alg. 1, Sec. 3;
 * speed-ups of Sec. 3.3). While at least k rows remain: take the longest frequent patterns of the
 * remaining rows (from the cache, else mined), pick one at random (set-valued PatternSelection),
 * make all remaining rows that hold it a group (eq. 18), and remove them. The group's centre is the
 * intersection of its rows (eq. 12), so PatternKa only removes items. End cases written down:
 * when no non-empty pattern is frequent, the longest pattern is the empty one and the remaining
 * rows form one group; the final fewer-than-k rows join the group of least NCP (eq. 8, ties to the
 * first group), whose centre is then the intersection with them too. Fewer than k rows in all is an
 * error. For relational input (or `selection=relational`) PatternSelection and SampleSelection are
 * those of Alg. 2 (relationalSelection.ts): about k diverse rows per group instead of all holders.
 * Publishes a `transactions` release, rows shuffled within each group. Alg. 1 is alg1.ts, the
 * mining longestClosedPatterns.ts, its split over the worker pool (Alg. 5) rounds.ts.
 */
import { K_ANONYMITY_PARAM } from '../shared/kParam.ts';
import { defineMethod, runRounds } from '../types.ts';
import { patternKaRounds } from './rounds.ts';
import { TEACHING } from '../shared/teachingSize.ts';

export {
  groupCenter,
  LENGTH_SLACK,
  MINING_WORK_BUDGET,
  patternKaGroups,
  type PatternKaGroup,
  type SelectionMode,
} from './alg1.ts';

export const patternKaSpec = defineMethod({
  id: 'patternka',
  label: 'PatternKa (longest closed frequent patterns)',
  paper: '003_aa8a8f08b56f3f6d.txt',
  model: 'k-anonymity',
  releaseKind: 'transactions',
  needsSensitive: false,
  params: [
    K_ANONYMITY_PARAM,
    {
      name: 'selection',
      type: 'string',
      default: 'auto',
      choices: ['auto', 'set-valued', 'relational'],
      help: 'pattern and sample selection: set-valued (all holders of a random longest pattern) or relational (Alg. 2); auto follows the input format',
    },
  ],
  run: (dataset, params, ctx) => runRounds(patternKaRounds, dataset, params, ctx),
  rounds: patternKaRounds,
  teach: TEACHING,
});
