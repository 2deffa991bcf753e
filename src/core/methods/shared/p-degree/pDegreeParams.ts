/**
 * The parameters the p-degree methods share (Ghinita Sec. 3): the privacy degree p of every
 * method, and CAHD's search range alpha (Fig. 11) of gray-cahd and rcm-cahd.
 */
import type { ParamSpec } from '../../types.ts';

export const P_PARAM = {
  name: 'p',
  type: 'int',
  default: 10,
  min: 2,
  help: 'privacy degree: a transaction is linked to a sensitive item with probability at most 1/p',
} as const satisfies ParamSpec;

export const ALPHA_PARAM = {
  name: 'alpha',
  type: 'int',
  default: 1,
  min: 1,
  atMost: { of: 'rows', per: 'p' },
  help: 'CAHD search range: alpha*p candidates before and after each sensitive transaction',
} as const satisfies ParamSpec;
