/**
 * Check of an exported release read back as what it is (exportedTables.ts), with the guarantee of
 * its model (DESIGN.md sec. 4):
 * - a groups export, privacy degree p from the published counts (Ghinita Def. 3, eq. 1-2): a group
 *   of |G| QID rows whose sensitive item s is held by f_s of them has degree min_s |G| / f_s, and the
 *   release holds for p when every group's degree is at least p;
 * - a buckets export, l-diversity per bucket (anatomy paper Def. 5): in every bucket, every column's
 *   most frequent value (the itemset a row has there; an empty cell is a value) is held by at most
 *   |B| / l rows. The export does not say which reading the release was made under; the strict one
 *   (frequency) is checked, and the distinct reading's level (Example 5) is given beside it.
 * A model the layout does not publish for is an input error that names the one it does.
 */
import { InputError } from '../base/errors.ts';
import { describeValue, largestL } from '../release/diversity.ts';
import type { BucketsExport, ExportedRelease, GroupsExport } from './exportedTables.ts';
import type { CheckRequest, CheckResult, OffendingGroup } from './types.ts';

const MODEL_OF = { groups: 'p-degree', buckets: 'l-diversity' } as const;

export function checkExport(exported: ExportedRelease, request: CheckRequest): CheckResult {
  const model = MODEL_OF[exported.kind];
  if (request.model !== model)
    throw new InputError(
      exported.kind === 'groups'
        ? `${exported.files[0]} is a groups export (QID rows by group, sensitive items as counts in ${exported.files[1]}): what it guarantees is a privacy degree p; check it with the p-degree model`
        : `${exported.files[0]} is a buckets export (bucket,row,column,item): what it guarantees is l-diversity per bucket; check it with the l-diversity model`,
    );
  return exported.kind === 'groups'
    ? checkGroups(exported, (request as Extract<CheckRequest, { model: 'p-degree' }>).p)
    : checkBuckets(exported, (request as Extract<CheckRequest, { model: 'l-diversity' }>).l);
}

function atLeastOne(value: number, name: string): number {
  if (!(value >= 1)) throw new InputError(`${name} must be at least 1, got ${value}`);
  return value;
}

function checkGroups(exported: GroupsExport, level: number): CheckResult {
  const p = atLeastOne(level, 'p');
  let offered = Infinity;
  const low: { degree: number; problem: string; group: OffendingGroup }[] = [];
  const items = new Set<string>();
  for (const g of exported.groups) {
    const size = g.rows.length;
    let degree = Infinity;
    let worst = '';
    for (const [item, count] of Object.entries(g.sensitive)) {
      items.add(item);
      if (size / count < degree) {
        degree = size / count;
        worst = item;
      }
    }
    offered = Math.min(offered, degree);
    if (degree < p)
      low.push({
        degree,
        problem: `group ${g.group}: ${g.sensitive[worst]} of its ${size} rows ${g.sensitive[worst] === 1 ? 'holds' : 'hold'} ${worst}, degree ${formatDegree(degree)} < p = ${p}`,
        group: {
          group: g.group,
          rows: size,
          qid: g.rows.reduce((shared, row) => shared.filter((t) => row.includes(t))),
          sensitive: g.sensitive,
          degree,
        },
      });
  }
  low.sort((a, b) => a.degree - b.degree || a.group.group - b.group.group);
  const problems = low.slice(0, 10).map((l) => l.problem);
  if (low.length > 10) problems.push(`… and ${low.length - 10} more groups below p = ${p}`);
  return {
    model: 'p-degree',
    holds: low.length === 0,
    offered,
    problems,
    reading: `A groups export (${exported.files.join(' and ')}): ${exported.groups.length} group(s), ${items.size} sensitive item(s) published as counts; a group's degree is its rows over the count of its most held sensitive item (Ghinita Def. 3).`,
    offendingGroups: low.slice(0, 10).map((l) => l.group),
  };
}

function checkBuckets(exported: BucketsExport, level: number): CheckResult {
  const l = atLeastOne(level, 'l');
  let offered = Infinity;
  let distinctLevel = Infinity;
  const over: { share: number; problem: string }[] = [];
  for (const b of exported.buckets) {
    const size = b.rows.length;
    for (let c = 0; c < exported.columns; c++) {
      const counts = new Map<string, { count: number; value: string[] }>();
      for (const row of b.rows) {
        const value = [...row[c]].sort();
        const key = JSON.stringify(value);
        const entry = counts.get(key) ?? { count: 0, value };
        entry.count++;
        counts.set(key, entry);
      }
      const values = [...counts.values()].map((v) => v.count);
      offered = Math.min(offered, largestL(values, size, 'frequency'));
      distinctLevel = Math.min(distinctLevel, largestL(values, size, 'distinct'));
      for (const { count, value } of counts.values())
        if (count * l > size)
          over.push({
            share: count / size,
            problem: `bucket ${b.bucket}, column ${c + 1}: ${count} of its ${size} rows ${count === 1 ? 'holds' : 'hold'} ${describeValue(value)} there, above 1/${l} of them (Def. 5)`,
          });
    }
  }
  over.sort((a, b) => b.share - a.share);
  const problems = over.slice(0, 10).map((o) => o.problem);
  if (over.length > 10) problems.push(`… and ${over.length - 10} more values above 1/${l}`);
  return {
    model: 'l-diversity',
    holds: over.length === 0,
    offered,
    problems,
    reading: `A buckets export (${exported.files[0]}): ${exported.buckets.length} bucket(s) of ${exported.columns} column(s); no column value may be held by more than |B|/l rows of its bucket (Def. 5). Under the distinct reading (Example 5: at least l different values per column) it offers l = ${Number.isFinite(distinctLevel) ? distinctLevel : '∞'}.`,
  };
}

function formatDegree(degree: number): string {
  return Number.isInteger(degree) ? String(degree) : degree.toFixed(2);
}
