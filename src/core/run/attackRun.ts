/**
 * The attacks of a release with the mechanism that made it (DESIGN.md sec. 8): the attack floor
 * takes the mechanism as a function (it imports no method), and this floor passes the registered
 * method's run with the release's own params and sensitive items, its DP noise drawn from each
 * run's seed (the membership game runs it many times on D and on D minus one row).
 */
import type { Dataset } from '../data/dataset.ts';
import { attackRelease, type MembershipOptions } from '../attack/attackRelease.ts';
import type { Mechanism } from '../attack/membership.ts';
import type { AttackReport, Knowledge } from '../attack/types.ts';
import type { Audit, Release } from '../release/types.ts';
import { runMethod } from './runMethod.ts';

/** The release's method, run again with its params: one release per seed. */
export function releaseMechanism(release: Release): Mechanism {
  return (dataset, seed) =>
    runMethod(dataset, {
      method: release.method,
      params: { ...release.params },
      seed,
      seededNoise: true,
      metrics: [],
      ...(release.sensitive.length > 0 && { sensitive: { items: [...release.sensitive] } }),
    }).release;
}

export function attackWithMechanism(
  input: Dataset,
  release: Release,
  audit: Audit,
  knowledge: Knowledge,
  membership: Omit<MembershipOptions, 'mechanism'> = {},
): AttackReport {
  return attackRelease(input, release, audit, knowledge, {
    ...membership,
    mechanism: releaseMechanism(release),
  });
}
