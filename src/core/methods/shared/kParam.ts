/** The anonymity degree k of the k-anonymity methods (PTA Def. 1, PatternKa Sec. 2). */
import type { ParamSpec } from '../types.ts';

export const K_ANONYMITY_PARAM = {
  name: 'k',
  type: 'int',
  default: 5,
  min: 2,
  help: 'anonymity degree: every published transaction has at least k-1 identical ones',
} as const satisfies ParamSpec;
