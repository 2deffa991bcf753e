/**
 * Verifier of `groups` releases (privacy degree p, Ghinita Def. 3, eq. 1-2): the release names at
 * least one sensitive item, each an input item, once (a p-degree release over no sensitive item
 * protects nothing); the audit covers every input row once, with as many groups as the release;
 * each group publishes exactly its rows' QID items (row by row, in audit order) and the true
 * counts of its sensitive items; and degree(G) = min_s |G| / f_s >= p, i.e. f_s * p <= |G|.
 * Input rows are read as item ids (a sensitive item is a flag per id). A published QID row is read
 * as ids too (groupsIndex.ts, which the metrics read next): sorted and without repeats there, so it
 * matches its input row's QID ids exactly when, in addition, it names as many tokens as they are
 * (a repeated token would collapse; a token that is no input item gets an id of its own). A group
 * whose row count is off is compared token by token (rowChecks.ts sameTokens).
 */
import type { Dataset } from '../data/dataset.ts';
import { groupsIndex } from './groupsIndex.ts';
import { checkPartition } from './partition.ts';
import { ProblemList, sameTokens } from './rowChecks.ts';
import type { GroupsAudit, GroupsRelease, Verification } from './types.ts';

export function verifyGroups(dataset: Dataset, release: GroupsRelease, audit: GroupsAudit): Verification {
  const problems: string[] = [];
  const p = Number(release.params.p);
  if (!(p >= 1)) problems.push(`release params.p must be a number >= 1, got ${release.params.p}`);
  problems.push(...sensitiveProblems(dataset, release.sensitive));
  const partition = checkPartition(dataset.n, audit.groups);
  problems.push(...partition);
  const tokens = dataset.dictionary.tokens;
  const { offsets, items } = dataset;
  const isSensitive = new Uint8Array(dataset.d);
  for (const s of release.sensitive) {
    const id = dataset.dictionary.find(s);
    if (id !== undefined) isSensitive[id] = 1;
  }
  const qid: string[] = []; // an input row's QID tokens, scratch reused row after row
  const index = groupsIndex(dataset, release);
  const published = index.published;
  /** Whether published QID row p (group g's row i) is input row r's QID part. */
  const sameQid = (g: number, i: number, r: number) => {
    const p = index.start[g] + i;
    let k = published.offsets[p];
    const end = published.offsets[p + 1];
    let expected = 0;
    for (let j = offsets[r]; j < offsets[r + 1]; j++) {
      if (isSensitive[items[j]]) continue;
      expected++;
      if (k === end || published.items[k++] !== items[j]) return false;
    }
    return k === end && release.groups[g].qid[i].length === expected;
  };
  const lowDegree: { degree: number; problem: string }[] = [];
  const badRows = new ProblemList();
  if (audit.groups.length !== release.groups.length)
    problems.push(`audit has ${audit.groups.length} groups, the release ${release.groups.length}`);
  release.groups.forEach((group, g) => {
    const rows = audit.groups[g] ?? [];
    if (group.qid.length !== rows.length)
      problems.push(`group ${g + 1}: ${group.qid.length} QID rows for ${rows.length} input rows`);
    const counts = new Map<string, number>();
    const byIds = group.qid.length === rows.length;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (!Number.isInteger(r) || r < 0 || r >= dataset.n) continue;
      qid.length = 0;
      for (let k = offsets[r]; k < offsets[r + 1]; k++) {
        if (isSensitive[items[k]]) {
          const t = tokens[items[k]];
          counts.set(t, (counts.get(t) ?? 0) + 1);
        } else if (!byIds) qid.push(tokens[items[k]]);
      }
      if (byIds ? !sameQid(g, i, r) : !sameTokens(qid, group.qid[i] ?? []))
        badRows.add(`group ${g + 1}, row ${i + 1}: published QID items differ from input row ${r}`);
    }
    // Every sensitive item the rows hold, then every other one the group publishes a count of.
    const checkCount = (s: string) => {
      const f = (Object.hasOwn(group.sensitive, s) ? group.sensitive[s] : undefined) ?? 0;
      if ((counts.get(s) ?? 0) !== f)
        problems.push(`group ${g + 1}: sensitive count of ${s} is ${f}, the rows hold ${counts.get(s) ?? 0}`);
      if (f * p > group.qid.length)
        lowDegree.push({
          degree: group.qid.length / f,
          problem: `group ${g + 1}: degree ${group.qid.length}/${f} < p = ${p} for ${s}`,
        });
    };
    for (const s of counts.keys()) checkCount(s);
    for (const s of Object.keys(group.sensitive)) if (!counts.has(s)) checkCount(s);
  });
  problems.push(...badRows.list());
  // The worst offenders first: the groups of lowest degree.
  lowDegree.sort((a, b) => a.degree - b.degree);
  problems.push(...lowDegree.slice(0, 10).map((d) => d.problem));
  if (lowDegree.length > 10) problems.push(`… and ${lowDegree.length - 10} more (group, item) pairs below p`);
  return {
    verified: problems.length === 0,
    partitionComplete: partition.length === 0,
    problems: problems.slice(0, 20),
  };
}

function sensitiveProblems(dataset: Dataset, sensitive: readonly string[]): string[] {
  if (sensitive.length === 0)
    return ['the release names no sensitive item: a privacy degree protects nothing'];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const s of sensitive) {
    if (dataset.dictionary.find(s) === undefined)
      problems.push(`sensitive item ${s} is no item of the input`);
    if (seen.has(s)) problems.push(`sensitive item ${s} is listed twice`);
    seen.add(s);
  }
  return problems;
}
