/**
 * What every p-degree method (Ghinita, Kalnis, Tao) shares around its own group formation: the
 * privacy degree parameter, the sensitive rows, the feasibility test of Theorem 1 (an error, not a
 * crash), and the `groups` release. A method supplies only how it forms groups.
 */
import type { Dataset } from '../../data/dataset.ts';
import { releaseHeader } from '../../release/header.ts';
import type { MethodParams, MethodSpec, ParamSpec, RunContext } from '../types.ts';
import { groupsRelease } from './groupsRelease.ts';
import { SensitiveRows } from './sensitiveRows.ts';

export const GHINITA_PAPER = '000_6a275c75304b09c3.txt';

export const P_PARAM: ParamSpec = {
  name: 'p',
  type: 'int',
  default: 10,
  min: 2,
  help: 'privacy degree: a transaction is linked to a sensitive item with probability at most 1/p',
};

export interface GroupFormation {
  groups: number[][];
  notes?: Record<string, number | string>;
}

export function pDegreeMethod(def: {
  id: string;
  label: string;
  params: ParamSpec[];
  formGroups: (rows: SensitiveRows, p: number, params: MethodParams, ctx: RunContext) => GroupFormation;
}): MethodSpec {
  const spec: MethodSpec = {
    id: def.id,
    label: def.label,
    paper: GHINITA_PAPER,
    model: 'p-degree',
    releaseKind: 'groups',
    needsSensitive: true,
    params: [P_PARAM, ...def.params],
    run(dataset: Dataset, params: MethodParams, ctx: RunContext) {
      const p = Number(params.p);
      const rows = new SensitiveRows(dataset, ctx.sensitive);
      rows.assertFeasible(p);
      const { groups, notes } = def.formGroups(rows, p, params, ctx);
      const { release, audit } = groupsRelease(
        releaseHeader(spec, dataset, params, ctx),
        dataset,
        rows,
        groups,
        ctx.rng,
      );
      return {
        release,
        audit,
        notes: { groups: groups.length, 'sensitive transactions': rows.sensitiveRows.length, ...notes },
      };
    },
  };
  return spec;
}
