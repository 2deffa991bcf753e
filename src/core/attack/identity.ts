/**
 * The identity (prosecutor) attack (DESIGN.md sec. 8; El Emam & Dankar's prosecutor risk, ARX's
 * re-identification risk models, Anonymeter's singling-out): the attacker knows m of a target's
 * items, lists the published units consistent with them (views/registry.ts) and picks one person
 * among them at random. The target's success is the chance that the pick is the target: 1 / the
 * candidates when the target's own unit is among them, else 0. On the input, the candidates are
 * the input rows holding the known items (Ghinita Sec. 6.1's re-identification, as a probability).
 * The attacker reads the release only; the audit's link from input rows to published units is
 * read afterwards, by the scorer.
 */
import type { Dataset } from '../data/dataset.ts';
import { drawKnowledge, sideOf, type Target } from './knowledge.ts';
import type { AttackView } from './views/types.ts';
import { rowsView } from './views/rowsView.ts';
import type { AttackSide, KnownChoice } from './types.ts';

/** The input as the attacker would read it were it published as it stands. */
export function inputView(input: Dataset): AttackView {
  return rowsView(input, (item) => item);
}

/** A target's chance of being picked: 1 / candidates when its unit is among them. */
export function pickChance(view: AttackView, known: readonly number[], unit: number): number {
  const found = view.candidates(known);
  return unit >= 0 && found.persons > 0 && found.holds(unit) ? 1 / found.persons : 0;
}

export interface IdentityRun {
  targets: Target[];
  before: AttackSide;
  after?: AttackSide;
}

/**
 * The identity attack with m known items, drawn by `options` from each target's `pool` of items
 * the attacker may know. `release`: the attacker's view and the scorer's unit of each input row.
 */
export function identityAttack(
  input: Dataset,
  m: number,
  options: { choose: KnownChoice; targets: number; seed: number },
  pool: (row: number) => number[],
  release?: { view: AttackView; unitOfRow: Int32Array },
): IdentityRun {
  const targets = drawKnowledge(input, m, options, pool);
  const plain = inputView(input);
  const before = sideOf(targets.map((t) => pickChance(plain, t.known, t.row)));
  if (!release) return { targets, before };
  const after = sideOf(targets.map((t) => pickChance(release.view, t.known, release.unitOfRow[t.row])));
  return { targets, before, after };
}
