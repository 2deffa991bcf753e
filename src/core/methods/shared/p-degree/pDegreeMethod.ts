/**
 * What every p-degree method (Ghinita, Kalnis, Tao) shares around its own group formation: the
 * privacy degree parameter, the sensitive rows, the feasibility test of Theorem 1 (an error, not a
 * crash), and the `groups` release. A method supplies only how it forms groups (and, optionally,
 * its teaching trace).
 */
import {
  defineMethod,
  resolvedAs,
  type MethodSpec,
  type ParamSpec,
  type ParamValues,
  type RunContext,
} from '../../types.ts';
import type { Dataset } from '../../../data/dataset.ts';
import { groupsRelease } from './groupsRelease.ts';
import { P_PARAM } from './pDegreeParams.ts';
import { SensitiveRows } from './sensitiveRows.ts';

export const GHINITA_PAPER = '000_6a275c75304b09c3.txt';

export interface GroupFormation {
  groups: number[][];
  notes?: Record<string, number | string>;
}

/** The params of a p-degree method: p, then the method's own. */
export type PDegreeParams<P extends readonly ParamSpec[]> = { readonly p: number } & ParamValues<P>;

export function pDegreeMethod<const P extends readonly ParamSpec[]>(def: {
  id: string;
  label: string;
  params: P;
  formGroups: (rows: SensitiveRows, p: number, params: PDegreeParams<P>, ctx: RunContext) => GroupFormation;
  /** The teaching trace (Ghinita Fig. 1) for small datasets. */
  teach?: { maxRows: number; run: (dataset: Dataset, params: PDegreeParams<P>, ctx: RunContext) => unknown };
}): MethodSpec {
  const { teach } = def;
  const params: readonly ParamSpec[] = [P_PARAM, ...def.params];
  return defineMethod({
    id: def.id,
    label: def.label,
    paper: GHINITA_PAPER,
    model: 'p-degree',
    releaseKind: 'groups',
    needsSensitive: true,
    params,
    run(dataset, values, ctx) {
      const typed = resolvedAs<PDegreeParams<P>>(values);
      const rows = new SensitiveRows(dataset, ctx.sensitive);
      rows.assertFeasible(typed.p);
      const { groups, notes } = def.formGroups(rows, typed.p, typed, ctx);
      const { release, audit } = groupsRelease(ctx.header, dataset, rows, groups, ctx.rng);
      return {
        release,
        audit,
        notes: { groups: groups.length, 'sensitive transactions': rows.sensitiveRows.length, ...notes },
      };
    },
    ...(teach && {
      teach: {
        maxRows: teach.maxRows,
        run: (dataset, values, ctx) => teach.run(dataset, resolvedAs<PDegreeParams<P>>(values), ctx),
      },
    }),
  });
}
