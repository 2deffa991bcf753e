/**
 * Every attack that applies, before (the input as it stands) and after (the release), as
 * `txanon attack` prints them (DESIGN.md sec. 8): identity and inference once per number of known
 * items, membership once (the attacker knows the whole row). The attacks read the release through
 * its kind's reader (views/registry.ts); the audit is read only to score, after each attack.
 */
import { InputError } from '../base/errors.ts';
import type { Dataset } from '../data/dataset.ts';
import type { Audit, Release } from '../release/types.ts';
import { atMost } from './bounds.ts';
import { identityAttack } from './identity.ts';
import { inferenceAttack } from './inference.ts';
import { membershipAttack, type Mechanism } from './membership.ts';
import { attacksOf, modelBound } from './modelBounds.ts';
import type { AttackReport, AttackResult, Knowledge } from './types.ts';
import { kindReader } from './views/registry.ts';
import { qidItems, sensitiveFlags } from './views/secrets.ts';

/** Runs of the mechanism on each side of the membership game, and the targets it attacks. */
export const DEFAULT_MEMBERSHIP_RUNS = 100;
export const DEFAULT_MEMBERSHIP_TARGETS = 2;

export interface MembershipOptions {
  /** The release's mechanism (run floor: the registered method's run with the release's params). */
  mechanism?: Mechanism;
  runs?: number;
  targets?: number;
}

/** The identity attack on the input alone (`txanon attack FILE`): `before` only. */
export function attackInput(input: Dataset, knowledge: Knowledge): AttackReport {
  const all = (row: number) => Array.from(input.row(row));
  return {
    kind: 'input',
    attacks: knowledge.known.map((m) => {
      const run = identityAttack(input, m, knowledge, all);
      return {
        attack: 'identity',
        known: m,
        targets: run.targets.length,
        before: run.before,
        bound: null,
        holds: null,
      };
    }),
  };
}

export function attackRelease(
  input: Dataset,
  release: Release,
  audit: Audit,
  knowledge: Knowledge,
  membership: MembershipOptions = {},
): AttackReport {
  const reader = kindReader(release.kind);
  const secrets = reader.secrets?.(input, release) ?? null;
  const attacks: AttackResult[] = [];
  for (const attack of attacksOf(release, reader.view !== undefined, secrets !== null)) {
    if (attack === 'membership') {
      if (!membership.mechanism || !reader.statistic)
        throw new InputError(
          `the membership attack on a '${release.kind}' release needs its mechanism and a statistic`,
        );
      const run = membershipAttack(
        input,
        {
          targets: membership.targets ?? DEFAULT_MEMBERSHIP_TARGETS,
          runs: membership.runs ?? DEFAULT_MEMBERSHIP_RUNS,
          seed: knowledge.seed,
        },
        membership.mechanism,
        reader.statistic,
      );
      const bound = modelBound(release, 'membership', null);
      attacks.push({
        attack,
        known: null,
        targets: run.targets.length,
        runs: run.runs,
        before: run.before,
        after: run.after,
        bound,
        holds: bound === null ? null : !(run.after.lower95! > bound),
      });
      continue;
    }
    // The attacker reads the release (view); the scorer reads the audit (unitOfRows) afterwards.
    const view = reader.view!(input, release);
    const unitOfRow = reader.unitOfRows!(input, release, audit);
    const sensitive = sensitiveFlags(input, release);
    for (const m of knowledge.known) {
      const run =
        attack === 'identity'
          ? identityAttack(input, m, knowledge, (row) => qidItems(input, sensitive, row), { view, unitOfRow })
          : inferenceAttack(input, m, knowledge, secrets!, view);
      const bound = modelBound(release, attack, m);
      attacks.push({
        attack,
        known: m,
        targets: run.targets.length,
        before: run.before,
        after: run.after,
        bound,
        holds: bound === null ? null : atMost(run.after!.worst, bound),
      });
    }
  }
  return { kind: release.kind, attacks };
}
