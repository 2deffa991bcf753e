/**
 * The check of a DiffPart release (DESIGN.md sec. 4: "the published data are exactly what the noisy
 * counts produce"). Beside the ledger (verifyLedger.ts), it replays the release on its taxonomy
 * (rebuilt from the header's params, dp/taxonomy.ts):
 * - the partitions form the tree DiffPart grows: the root's cut is {root}; a partition's cut is its
 *   parent's with the parent's expanded node (of the cut's highest level) replaced by a non-empty
 *   set of its children; siblings differ; every kept partition that still holds internal nodes was
 *   split, and a leaf partition (all leaves) was not;
 * - every split has exactly the charges its sub-partitions need (one for those that keep internal
 *   nodes, one for leaf partitions), each with the scale the budget plan gives at that partition,
 *   scoped to that partition; no other charge is in the ledger; each partition's count was noised
 *   by its own class's charge and reaches its threshold;
 * - the rows are exactly each leaf partition's itemset repeated its noisy count (as multisets);
 * - each partition's count is the one the run drew (the private audit's `counts`), so a count
 *   changed with rows to match is caught;
 * - the audit's true sizes are the partitions' sizes in the input.
 * A release merged from runs on disjoint parts (`distribute`, issue 35) holds one such tree per part,
 * one after the other, each beginning with its root; its ledger states the parallel composition
 * (dp/parallelLedger.ts) and part i's charges lie under scope `part<i>`, with the scopes its own run
 * gave them (partition numbers counted from the part's root). Each tree is replayed on the
 * rows the ledger's row-wise split gives part i (dp/itemHashSplit.ts, recomputed from the input), on
 * the one taxonomy of the header's params: the same public domain in every part.
 */
import type { Dataset } from '../data/dataset.ts';
import { InputError } from '../base/errors.ts';
import { itemHashParts } from '../dp/itemHashSplit.ts';
import type { Ledger } from '../dp/ledger.ts';
import { formatRational, type Rational } from '../dp/rational.ts';
import {
  childCut,
  diffPartTaxonomy,
  highestNodes,
  internalCount,
  leafPositions,
  rowsByPattern,
  scaleFor,
  splitClasses,
  splitPlan,
  type Taxonomy,
} from '../dp/taxonomy.ts';
import { startDpCheck } from './verifyLedger.ts';
import type { SyntheticAudit, TransactionsRelease, Verification } from './types.ts';
import { tokenArrays } from './tokenRows.ts';

const MAX_PROBLEMS = 20;

export function verifyDiffPart(
  dataset: Dataset,
  release: TransactionsRelease,
  audit: SyntheticAudit,
): Verification {
  const { problems, done, ledger, epsilon } = startDpCheck(release);
  const ledgerProblemCount = problems.length;
  if (!ledger || !epsilon) return done();
  const params = release.params;
  const c1 = Number(params.c1);
  const c2 = Number(params.c2);
  let taxonomy: Taxonomy;
  try {
    taxonomy = diffPartTaxonomy(dataset, {
      hierarchy: String(params.hierarchy ?? ''),
      f: Number(params.f),
    }).taxonomy;
  } catch (error) {
    if (!(error instanceof InputError) && !(error instanceof Error && error.name === 'ParseError'))
      throw error;
    problems.push(`the taxonomy of the header's params cannot be built: ${error.message}`);
    return done();
  }
  const partitions = release.partitions;
  if (!partitions || partitions.length === 0) {
    problems.push('a DiffPart release lists the partitions its rows follow from; none found');
    return done();
  }
  const nodeOf = new Map(taxonomy.labels.map((label, node) => [label, node]));
  const cuts: number[][] = [];
  for (const [i, p] of partitions.entries()) {
    const cut = p.cut.map((label) => nodeOf.get(label) ?? -1);
    if (cut.includes(-1)) {
      problems.push(`partition ${i}: its cut names a node the taxonomy lacks`);
      return done();
    }
    cuts.push(cut.sort((a, b) => a - b));
  }
  // One tree per part: a ledger of parts in parallel names their scopes, a single run's is 'r'.
  const rootScopes = ledger.parallel ? ledger.parallel.parts.map((part) => `${part.scope}/r`) : ['r'];
  const roots = partitions.flatMap((p, i) => (p.parent === -1 ? [i] : []));
  if (roots[0] !== 0 || roots.length !== rootScopes.length) {
    problems.push(
      ledger.parallel
        ? `the release holds ${roots.length} root partitions for the ledger's ${rootScopes.length} parts (each part's partitions begin with its root, the first at 0)`
        : 'partition 0 is not the one root (cut {root}, no parent)',
    );
    return done();
  }
  for (const r of roots) {
    if (cuts[r].length !== 1 || cuts[r][0] !== taxonomy.root)
      problems.push(`partition ${r} is a root (no parent) whose cut is not {root}`);
    if (partitions[r].count !== undefined || partitions[r].charge !== undefined)
      problems.push(`the root partition ${r} publishes a count: |D| is never released`);
  }

  const constants = { epsilon, c1, c2 };
  const budgetOf: Rational[] = [];
  const scopeOf: string[] = [];
  /** Charges each split needs: scope -> the scale it must have. */
  const needed = new Map<string, string>();
  const siblings = new Map<number, Set<string>>();
  /** Partitions whose count no charge of their split's scope noised, by scope. */
  const uncharged = new Map<string, number[]>();
  const planned = (i: number) => splitPlan(taxonomy, cuts[i], budgetOf[i], constants);
  const expanded = (i: number): number | undefined => {
    const split = partitions[i].split;
    return split === undefined ? undefined : nodeOf.get(split);
  };
  const noteSplit = (i: number) => {
    const u = expanded(i);
    const isLeafPartition = internalCount(taxonomy, cuts[i]) === 0;
    if (isLeafPartition) {
      if (partitions[i].split !== undefined)
        problems.push(`partition ${i}: a leaf partition (all items) was split`);
      return;
    }
    if (u === undefined) {
      problems.push(
        `partition ${i}: it holds internal nodes and was kept, so it was split; no split node found`,
      );
      return;
    }
    const { level, nodes } = highestNodes(taxonomy, cuts[i]);
    if (!nodes.includes(u))
      problems.push(
        `partition ${i}: the expanded node ${partitions[i].split} is not of its cut's highest level ${level}`,
      );
    const plan = planned(i);
    const classes = splitClasses(taxonomy, cuts[i], u);
    if (classes.hasLeaf) needed.set(`${scopeOf[i]}/l`, formatRational(scaleFor(plan.leaf.epsilon)));
    if (classes.hasInternal) {
      if (!plan.internal) problems.push(`partition ${i}: an internal split without internal budget`);
      else needed.set(`${scopeOf[i]}/i`, formatRational(scaleFor(plan.internal.epsilon)));
    }
  };
  const partOfRoot = new Map(roots.map((r, part) => [r, part]));
  let partStart = 0;
  for (let i = 0; i < partitions.length && problems.length < MAX_PROBLEMS; i++) {
    const p = partitions[i];
    const rootOf = partOfRoot.get(i);
    if (rootOf !== undefined) {
      partStart = i;
      scopeOf[i] = rootScopes[rootOf];
      budgetOf[i] = epsilon;
      noteSplit(i);
      continue;
    }
    const where = `partition ${i} {${p.cut.join(', ')}}`;
    if (!Number.isInteger(p.parent) || p.parent < partStart || p.parent >= i) {
      problems.push(`${where}: parent ${p.parent} is not an earlier partition of its part`);
      continue;
    }
    const parentCut = cuts[p.parent];
    const u = expanded(p.parent);
    if (u === undefined) continue; // reported with the parent
    const rest = parentCut.filter((v) => v !== u);
    const kids = taxonomy.children[u];
    let pattern = 0;
    const cut = cuts[i];
    const extra = cut.filter((v) => !rest.includes(v));
    for (const v of extra) {
      const j = kids.indexOf(v);
      if (j < 0) pattern = -1;
      else if (pattern >= 0) pattern |= 1 << (kids.length - 1 - j);
    }
    if (
      pattern <= 0 ||
      !rest.every((v) => cut.includes(v)) ||
      childCut(taxonomy, parentCut, u, pattern).join() !== cut.join()
    ) {
      problems.push(
        `${where}: not a sub-partition of partition ${p.parent} expanding ${partitions[p.parent].split}`,
      );
      continue;
    }
    const seen = siblings.get(p.parent) ?? new Set<string>();
    siblings.set(p.parent, seen);
    if (seen.has(cut.join())) problems.push(`${where}: the same cut twice under partition ${p.parent}`);
    seen.add(cut.join());
    const leaf = internalCount(taxonomy, cut) === 0;
    const plan = planned(p.parent);
    const scope = `${scopeOf[p.parent]}/${leaf ? 'l' : 'i'}`;
    const threshold = leaf ? plan.leaf.threshold : plan.internal?.threshold;
    const entry = p.charge === undefined ? undefined : ledger.entries[p.charge];
    if (!entry || entry.scope !== scope || entry.mechanism !== 'discrete-laplace' || entry.sensitivity !== 1)
      uncharged.set(scope, [...(uncharged.get(scope) ?? []), i]);
    if (!Number.isInteger(p.count) || threshold === undefined || p.count! < threshold)
      problems.push(
        `${where}: noisy count ${p.count} is below its threshold ${threshold}: it would not have been kept`,
      );
    // A scope names a partition by its index in its own part's tree (as that part's run numbered it).
    scopeOf[i] = `${scopeOf[p.parent]}/i/${i - partStart}`;
    budgetOf[i] = leaf ? plan.leaf.epsilon : (plan.internal?.childBudget ?? plan.leaf.epsilon);
    noteSplit(i);
  }

  // The ledger holds exactly the charges the splits need, at the plan's scales.
  const ledgerProblems: string[] = [];
  const scopes = new Set<string>();
  for (const entry of ledger.entries) {
    const scale = needed.get(entry.scope);
    if (scopes.has(entry.scope))
      ledgerProblems.push(`ledger entry ${entry.id}: a second charge for scope ${entry.scope}`);
    scopes.add(entry.scope);
    if (scale === undefined)
      ledgerProblems.push(`ledger entry ${entry.id}: no split of the release spends at scope ${entry.scope}`);
    else if (entry.scale !== scale)
      ledgerProblems.push(
        `ledger entry ${entry.id}: scale ${entry.scale}, the budget plan gives ${scale} at ${entry.scope}`,
      );
  }
  for (const scope of needed.keys())
    if (!scopes.has(scope))
      ledgerProblems.push(`the split at scope ${scope} noised counts the ledger does not charge`);
  for (const [scope, list] of uncharged)
    ledgerProblems.push(
      `${list.length} partition(s) (${list.slice(0, 3).join(', ')}${list.length > 3 ? ', …' : ''}) have counts that no charge at scope ${scope} noised`,
    );
  // After the ledger's own problems, what it lacks or holds too much of (one charge removed leaves
  // many partitions uncharged): a few of each, then how many more.
  const shown = ledgerProblems.slice(0, 8);
  if (ledgerProblems.length > shown.length)
    shown.push(`… and ${ledgerProblems.length - shown.length} more ledger problems`);
  problems.splice(ledgerProblemCount, 0, ...shown);

  // The rows follow from the leaf partitions' noisy counts.
  const expected = new Map<string, number>();
  partitions.forEach((p, i) => {
    if (p.parent !== -1 && internalCount(taxonomy, cuts[i]) === 0) {
      const key = [...p.cut].sort().join('\u0000');
      expected.set(key, (expected.get(key) ?? 0) + (p.count ?? 0));
    }
  });
  const found = new Map<string, number>();
  for (const row of tokenArrays(release.transactions)) {
    const key = [...row].sort().join('\u0000');
    found.set(key, (found.get(key) ?? 0) + 1);
  }
  for (const [key, count] of found)
    if (expected.get(key) !== count)
      problems.push(
        `the rows hold {${key.split('\u0000').join(', ')}} ${count} times; the leaf partitions' noisy counts give ${expected.get(key) ?? 0}`,
      );
  for (const [key, count] of expected)
    if (count > 0 && !found.has(key))
      problems.push(`a leaf partition {${key.split('\u0000').join(', ')}} of count ${count} has no rows`);

  problems.push(...drawnCountProblems(partitions, audit));
  if (problems.length === 0)
    problems.push(...auditProblems(dataset, taxonomy, partitions, cuts, audit, rowsOfParts(dataset, ledger)));
  return done();
}

/**
 * Each partition's published count against the count the run drew (the private audit's `counts`):
 * the rows follow from the counts (checked above), the counts from the run. A leaf count raised
 * with one more copy of its row is consistent within the release and caught only here.
 */
function drawnCountProblems(
  partitions: NonNullable<TransactionsRelease['partitions']>,
  audit: SyntheticAudit,
): string[] {
  const drawn = audit.counts;
  if (!Array.isArray(drawn) || drawn.length !== partitions.length)
    return [`the audit holds ${drawn?.length ?? 0} drawn counts for ${partitions.length} partitions`];
  const problems: string[] = [];
  partitions.forEach((p, i) => {
    if ((p.count ?? 0) !== drawn[i])
      problems.push(
        `partition ${i} {${p.cut.join(', ')}}: count ${p.count ?? 0} in the release, the run drew ${drawn[i]} (the audit's)`,
      );
  });
  return problems.slice(0, MAX_PROBLEMS);
}

/**
 * The input rows each part's tree starts from: every non-empty row (DiffPart's root holds them; an
 * empty row touches no node), split by the ledger's row-wise split when it composes parts.
 */
function rowsOfParts(dataset: Dataset, ledger: Ledger): number[][] {
  const parts = ledger.parallel?.parts.length ?? 1;
  const partOf = ledger.parallel ? itemHashParts(dataset, ledger.parallel.key, parts) : undefined;
  const rows: number[][] = Array.from({ length: parts }, () => []);
  for (let r = 0; r < dataset.n; r++) if (dataset.rowLength(r) > 0) rows[partOf ? partOf[r] : 0].push(r);
  return rows;
}

/** The audit's true sizes against the input, replaying the splits on its rows. */
function auditProblems(
  dataset: Dataset,
  taxonomy: Taxonomy,
  partitions: NonNullable<TransactionsRelease['partitions']>,
  cuts: number[][],
  audit: SyntheticAudit,
  rowsOfPart: readonly number[][],
): string[] {
  if (!Array.isArray(audit.trueCounts) || audit.trueCounts.length !== partitions.length)
    return [
      `the audit holds ${audit.trueCounts?.length ?? 0} true sizes for ${partitions.length} partitions`,
    ];
  const position = leafPositions(taxonomy, dataset);
  const nodeOf = new Map(taxonomy.labels.map((label, node) => [label, node]));
  const rowsOf: number[][] = [];
  let part = 0;
  const groupsOf = new Map<number, Map<number, number[]>>();
  const problems: string[] = [];
  partitions.forEach((p, i) => {
    if (p.parent === -1) rowsOf[i] = [...rowsOfPart[part++]];
    else {
      const u = nodeOf.get(partitions[p.parent].split!)!;
      const kids = taxonomy.children[u];
      let groups = groupsOf.get(p.parent);
      if (!groups) {
        groups = rowsByPattern(dataset, rowsOf[p.parent], position, taxonomy, u);
        groupsOf.set(p.parent, groups);
      }
      let pattern = 0;
      kids.forEach((child, j) => {
        if (cuts[i].includes(child)) pattern |= 1 << (kids.length - 1 - j);
      });
      rowsOf[i] = groups.get(pattern) ?? [];
    }
    if (audit.trueCounts[i] !== rowsOf[i].length)
      problems.push(
        `the audit gives partition ${i} ${audit.trueCounts[i]} rows; the input has ${rowsOf[i].length}`,
      );
  });
  return problems.slice(0, MAX_PROBLEMS);
}
