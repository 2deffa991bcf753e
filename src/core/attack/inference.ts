/**
 * The sensitive-item inference attack (DESIGN.md sec. 8; Anonymeter's inference attack, the
 * attribute disclosure p-degree and l-diversity bound): the attacker knows m QID items of a target
 * and judges, for each secret (a sensitive item; a column's value in a buckets release), how sure
 * the release lets it be that the target holds it: the share of its consistent candidates that
 * hold it (views/*.ts: a group's sensitive count over its size). The target's success is that
 * confidence in the secret the target truly holds that the attacker is surest of; Ghinita's
 * p-degree bounds it by 1/p (Def. 2), l-diversity's frequency reading by 1/l. The truth (which
 * secrets the target holds) comes from the input row; the release is all the attacker reads.
 */
import type { Dataset } from '../data/dataset.ts';
import { inputView } from './identity.ts';
import { drawKnowledge, sideOf, type Target } from './knowledge.ts';
import type { AttackSide, KnownChoice } from './types.ts';
import type { AttackView, SecretModel } from './views/types.ts';

/** The attacker's best confidence in a secret the target (input row `row`) holds. */
export function inferenceChance(
  view: AttackView,
  model: SecretModel,
  row: number,
  known: readonly number[],
): number {
  const found = view.candidates(known);
  if (found.persons === 0) return 0;
  let best = 0;
  for (const secret of model.secrets(row, known)) best = Math.max(best, found.share(secret));
  return best;
}

export function inferenceAttack(
  input: Dataset,
  m: number,
  options: { choose: KnownChoice; targets: number; seed: number },
  model: SecretModel,
  view?: AttackView,
): { targets: Target[]; before: AttackSide; after?: AttackSide } {
  const targets = drawKnowledge(input, m, options, model.known, (row) => model.secrets(row).length > 0);
  const plain = inputView(input);
  const before = sideOf(targets.map((t) => inferenceChance(plain, model, t.row, t.known)));
  if (!view) return { targets, before };
  return { targets, before, after: sideOf(targets.map((t) => inferenceChance(view, model, t.row, t.known))) };
}
