/**
 * The attack step of every teaching trace (DESIGN.md sec. 8, issue 39), before "The release": the
 * attacker the paper names where it names one (teach/paperAttackers.ts: Ghinita's Eve, who knows
 * Claire's cream and strawberries), else the model's own attacker: Terrovitis et al.'s, who knows
 * up to m items of a record (Sec. 2), COAT's, whose knowledge is a privacy constraint the target
 * holds (Gkoulalas-Divanis & Loukides Def. 3.4: the itemsets the owner declares an attacker may
 * know), and otherwise one who knows two of a target's (non-sensitive) items. Without a paper's
 * target, the target is the most exposed row: the one its knowledge leaves with the fewest
 * candidates in the input. The step draws the release with the candidates it is left with
 * highlighted, and says its chance before and after against the model's bound. One function for
 * every method: the attacks read the release through its kind's reader (attack/views/registry.ts).
 */
import type { Dataset } from '../data/dataset.ts';
import { explainTarget, type ExplainedTarget } from '../attack/explainTarget.ts';
import { inputView } from '../attack/identity.ts';
import { inferenceChance } from '../attack/inference.ts';
import { modelBound } from '../attack/modelBounds.ts';
import { kindReader } from '../attack/views/registry.ts';
import type { AttackView } from '../attack/views/types.ts';
import { qidItems, sensitiveFlags } from '../attack/views/secrets.ts';
import type { Audit, Release } from '../release/types.ts';
import { paperAttackerOf } from '../teach/paperAttackers.ts';
import { syntheticRowName } from '../teach/releaseDrawing.ts';
import { rowName, type Candidate, type Drawing, type Step } from '../teach/trace.ts';
import { itemSupports } from '../data/stats.ts';

interface Attacker {
  who: string;
  whom: string;
  row: number;
  known: number[];
  why: string;
  cite: string;
  /** The bound the model claims for this knowledge, when the release's params alone do not say it. */
  bound?: number;
}

const oneIn = (x: number) => (x <= 0 ? 'never' : x >= 1 ? 'certainly' : `1 in ${+(1 / x).toFixed(1)}`);

/** The row (and its knowledge) that `knowledgeOf` leaves with the fewest input candidates. */
function mostExposed(
  dataset: Dataset,
  published: AttackView,
  knowledgeOf: (row: number) => number[][],
): { row: number; known: number[] } | null {
  const view = inputView(dataset);
  let best: { row: number; known: number[]; persons: number } | null = null;
  for (let r = 0; r < dataset.n; r++)
    for (const known of knowledgeOf(r)) {
      // Knowledge the release matches nowhere teaches nothing (PTA may drop a row's rare items).
      if (known.length === 0 || published.candidates(known).persons === 0) continue;
      const persons = view.candidates(known).persons;
      if (!best || persons < best.persons) best = { row: r, known, persons };
    }
  return best;
}

function attackerOf(
  dataset: Dataset,
  release: Release,
  audit: Audit,
  published: AttackView,
): Attacker | null {
  const paper = paperAttackerOf(dataset);
  if (paper) {
    const known = paper.known.map((t) => dataset.dictionary.find(t));
    if (known.every((id) => id !== undefined))
      return {
        who: paper.who,
        whom: paper.whom,
        row: paper.row,
        known: known as number[],
        why: '',
        cite: paper.cite,
      };
  }
  const sensitive = sensitiveFlags(dataset, release);
  const supports = itemSupports(dataset);
  const constraints = 'constraints' in audit ? audit.constraints : undefined;
  if (constraints && constraints.length > 0) {
    const ids = constraints.map((c) => c.map((t) => dataset.dictionary.find(t) ?? -1));
    const found = mostExposed(dataset, published, (r) =>
      ids.filter((c) => c.every((id) => dataset.row(r).includes(id))),
    );
    if (found)
      return {
        ...found,
        who: 'An attacker',
        whom: rowName(found.row),
        why: 'knows a privacy constraint the target holds',
        bound: 1 / Number(release.params.k),
        cite: 'Gkoulalas-Divanis & Loukides Def. 3.4 (privacy constraints: what an attacker may know)',
      };
  }
  const m = Number(release.params.m) > 0 ? Number(release.params.m) : 2;
  const rarest = (r: number) => {
    const pool = qidItems(dataset, sensitive, r).sort((a, b) => supports[a] - supports[b] || a - b);
    return pool.length >= 1 ? [pool.slice(0, m)] : [];
  };
  const found = mostExposed(dataset, published, rarest);
  if (!found) return null;
  const terrovitis = release.model === 'km-anonymity' || Number(release.params.m) > 0;
  return {
    ...found,
    who: 'An attacker',
    whom: rowName(found.row),
    why: terrovitis
      ? `knows m = ${m} items of a record`
      : `knows ${found.known.length} of a record's rarest items`,
    cite: terrovitis
      ? 'Terrovitis, Mamoulis, Kalnis Sec. 2 (an attacker knows at most m items of a record)'
      : 'the prosecutor attack (DESIGN.md sec. 8)',
  };
}

/**
 * The element of the release drawing a unit is drawn as: its row, its bucket when it holds several,
 * or a DP release's synthetic row when it holds no input row (releaseDrawing.ts).
 */
function unitRefs(units: readonly number[], rowsOfUnit: (unit: number) => number[]): string[] {
  return units.map((u) => {
    const rows = rowsOfUnit(u);
    if (rows.length === 0) return syntheticRowName(u);
    return rows.length === 1 ? rowName(rows[0]) : `B${u + 1}`;
  });
}

/** The groups or classes of the drawing that hold the rows `refs` (p-degree's group is where the secret hides). */
function groupsHolding(drawing: Drawing, refs: readonly string[]): string[] {
  if (drawing.kind !== 'matrix' && drawing.kind !== 'table') return [];
  const groups = drawing.groups ?? [];
  const held = new Set<string>();
  for (const row of drawing.rows as { id: string; group?: number }[])
    if (row.group !== undefined && refs.includes(row.id) && groups[row.group]) held.add(groups[row.group].id);
  return [...held];
}

export function attackStep(dataset: Dataset, release: Release, audit: Audit, drawing: Drawing): Step | null {
  const reader = kindReader(release.kind);
  if (!reader.view) return null;
  const attacker = attackerOf(dataset, release, audit, reader.view(dataset, release));
  if (!attacker) return null;
  const explained: ExplainedTarget = explainTarget(dataset, attacker.row, attacker.known, { release, audit });
  const after = explained.after!;
  // A teaching aid, like the release drawing: the audit names the rows drawn for each unit.
  const unitOfRow = reader.unitOfRows!(dataset, release, audit);
  const rowsOfUnit = (unit: number) => Array.from(unitOfRow.keys()).filter((r) => unitOfRow[r] === unit);
  const refs = unitRefs(
    after.candidates.map((c) => c.index),
    rowsOfUnit,
  );
  const knownText = explained.known.join(' and ');
  const bound = attacker.bound ?? modelBound(release, 'identity', attacker.known.length);
  const names = (rows: string[]) => rows.join(', ');
  let text =
    `${attacker.who}${attacker.why ? ` ${attacker.why}:` : ' knows'} ${attacker.whom}'s ${knownText}. ` +
    `In the input ${explained.before.persons === 1 ? 'only ' : ''}${names(explained.before.candidates.map((c) => rowName(c.index)))} ` +
    `hold${explained.before.persons === 1 ? 's' : ''} them: a pick finds ${attacker.whom} ${oneIn(explained.before.chance)}. ` +
    `In the release ${after.persons} candidate${after.persons === 1 ? ' is' : 's are'} left (${names(refs)}): ` +
    (after.found
      ? `a pick finds ${attacker.whom} ${oneIn(after.chance)}`
      : `${attacker.whom} is not among them`) +
    (bound !== null
      ? ` (the guarantee: at most ${oneIn(bound)}).`
      : reader.secrets?.(dataset, release)
        ? ': the model does not hide the row, only what it says of the sensitive items.'
        : '.');
  const secrets = reader.secrets?.(dataset, release);
  if (secrets) {
    const before = inferenceChance(inputView(dataset), secrets, attacker.row, attacker.known);
    const now = inferenceChance(reader.view(dataset, release), secrets, attacker.row, attacker.known);
    const sensitive = secrets.secrets(attacker.row, attacker.known);
    const what =
      sensitive.length === 0
        ? ''
        : sensitive[0].item !== undefined
          ? `that ${attacker.whom} holds ${dataset.dictionary.token(sensitive[0].item)}`
          : `of ${attacker.whom}'s items in column ${sensitive[0].column! + 1}`;
    const limit = modelBound(release, 'inference', attacker.known.length);
    if (sensitive.length > 0)
      text += ` How sure is ${attacker.who === 'An attacker' ? 'the attacker' : attacker.who} ${what}? ${oneIn(before)} on the input, ${oneIn(now)} after${limit !== null ? ` (the guarantee: at most ${oneIn(limit)})` : ''}.`;
  }
  const candidates: Candidate[] = [
    ...explained.before.candidates.map((c) => ({
      label: `${rowName(c.index)} in the input`,
      values: { items: c.tokens.join(', '), chance: oneIn(1 / explained.before.persons) },
      chosen: c.index === attacker.row,
    })),
    ...after.candidates.map((c, i) => ({
      label: `${refs[i]} in the release`,
      ref: refs[i],
      values: { published: c.tokens.join(', '), chance: oneIn(1 / after.persons) },
      chosen: c.index === after.unit,
    })),
  ];
  return {
    title: 'The attack',
    text,
    cite: `${attacker.cite}; the attacks: DESIGN.md sec. 8`,
    state: drawing,
    changed: [...refs, ...groupsHolding(drawing, refs)],
    candidates,
  };
}
