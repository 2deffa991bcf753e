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
import type { CsrRows, Dataset } from '../data/dataset.ts';
import { groupsIndex } from './groupsIndex.ts';
import { checkPartition } from './partition.ts';
import { ProblemList, sameTokens } from './rowChecks.ts';
import type { GroupsAudit, GroupsRelease, Verification } from './types.ts';
import { SparseCounts } from '../data/sparseCounts.ts';
import { rowCount, rowIds, rowLength, rowTokens, type TokenCounts } from './tokenRows.ts';

export function verifyGroups(dataset: Dataset, release: GroupsRelease, audit: GroupsAudit): Verification {
  const problems: string[] = [];
  const p = Number(release.params.p);
  if (!(p >= 1)) problems.push(`release params.p must be a number >= 1, got ${release.params.p}`);
  problems.push(...sensitiveProblems(dataset, release.sensitive));
  const partition = checkPartition(dataset.n, audit.groups.items);
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
  const { start, qid: qidRows, sensitive: table } = release.groups;
  /** Whether published QID row p, read as `published` rows (ids), is input row r's QID part. */
  const sameQidIn = (published: CsrRows, p: number, r: number) => {
    let k = published.offsets[p];
    const end = published.offsets[p + 1];
    let expected = 0;
    for (let j = offsets[r]; j < offsets[r + 1]; j++) {
      if (isSensitive[items[j]]) continue;
      expected++;
      if (k === end || published.items[k++] !== items[j]) return false;
    }
    return k === end && rowLength(qidRows, p) === expected;
  };
  // A method's rows name the input's items by their ids, in the input's order: compared as they
  // are; any other row (another token table, another order) as a set of input ids.
  const sameTable = qidRows.tokens === tokens;
  const sameQid = (p: number, r: number) =>
    (sameTable && sameQidIn(qidRows, p, r)) || sameQidIn(index.published, p, r);
  const counts = new SparseCounts(dataset.d);
  const publishedOf = publishedCounts(dataset, table);
  const lowDegree: { degree: number; problem: string }[] = [];
  const badRows = new ProblemList();
  const groups = start.length - 1;
  const auditGroups = rowCount(audit.groups);
  if (auditGroups !== groups) problems.push(`audit has ${auditGroups} groups, the release ${groups}`);
  for (let g = 0; g < groups; g++) {
    const rows = g < auditGroups ? rowIds(audit.groups, g) : new Uint32Array(0);
    const size = start[g + 1] - start[g];
    if (size !== rows.length) problems.push(`group ${g + 1}: ${size} QID rows for ${rows.length} input rows`);
    const byIds = size === rows.length;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (r >= dataset.n) continue;
      qid.length = 0;
      for (let k = offsets[r]; k < offsets[r + 1]; k++) {
        if (isSensitive[items[k]]) counts.add(items[k]);
        else if (!byIds) qid.push(tokens[items[k]]);
      }
      const same = byIds
        ? sameQid(start[g] + i, r)
        : sameTokens(qid, i < size ? rowTokens(qidRows, start[g] + i) : []);
      if (!same) badRows.add(`group ${g + 1}, row ${i + 1}: published QID items differ from input row ${r}`);
    }
    // Every sensitive item the rows hold, then every other one the group publishes a count of.
    const checkCount = (s: string, held: number, f: number) => {
      if (held !== f) problems.push(`group ${g + 1}: sensitive count of ${s} is ${f}, the rows hold ${held}`);
      if (f * p > size)
        lowDegree.push({
          degree: size / f,
          problem: `group ${g + 1}: degree ${size}/${f} < p = ${p} for ${s}`,
        });
    };
    publishedOf.load(g);
    for (const s of counts.met) checkCount(tokens[s], counts.counts[s], publishedOf.ofInput(s));
    for (let k = table.offsets[g]; k < table.offsets[g + 1]; k++) {
      const s = publishedOf.inputId(table.items[k]);
      if (s < 0 || counts.counts[s] === 0) checkCount(table.tokens[table.items[k]], 0, table.counts[k]);
    }
    publishedOf.clear(g);
    counts.clear();
  }
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

/**
 * A group's published counts looked up by input item id: `load(g)` sets them aside by the counts'
 * own token ids, `ofInput(s)` reads input item s's (0 when the group names none), `clear(g)` resets.
 */
function publishedCounts(dataset: Dataset, table: TokenCounts) {
  const value = new Float64Array(table.tokens.length);
  const sameTable = table.tokens === dataset.dictionary.tokens;
  // Token id of the counts' table -> input id (-1: no input item), found on first use.
  const inputOf = new Int32Array(table.tokens.length).fill(-2);
  const inputId = (t: number) => {
    if (sameTable) return t;
    if (inputOf[t] === -2) inputOf[t] = dataset.dictionary.find(table.tokens[t]) ?? -1;
    return inputOf[t];
  };
  let tableOf: Map<string, number> | undefined; // input token -> the counts' token id, when tables differ
  const tableId = (s: number) => {
    if (sameTable) return s;
    if (!tableOf) {
      tableOf = new Map();
      table.tokens.forEach((t, id) => {
        if (!tableOf!.has(t)) tableOf!.set(t, id);
      });
    }
    return tableOf.get(dataset.dictionary.tokens[s]) ?? -1;
  };
  return {
    inputId,
    load(g: number) {
      for (let k = table.offsets[g]; k < table.offsets[g + 1]; k++) value[table.items[k]] = table.counts[k];
    },
    ofInput(s: number) {
      const t = tableId(s);
      return t < 0 ? 0 : value[t];
    },
    clear(g: number) {
      for (let k = table.offsets[g]; k < table.offsets[g + 1]; k++) value[table.items[k]] = 0;
    },
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
