/**
 * The check of an `itemsets` release (PrivBasis; DESIGN.md sec. 4: "the published data are exactly
 * what the noisy counts produce"). Beside the ledger (verifyLedger.ts) it replays the release:
 * - the DP choices are well formed: λ items of the domain (the `items` param's public list, or the
 *   dataset's items), distinct; when λ > 12, λ2 pairs
 *   (the plan's count) within them, distinct; else none;
 * - the bases are what F and P build (dp/basisSet.ts; {F} when λ <= 12), each with 2^|B| - 1 bins;
 * - the ledger is exactly the plan's charges (dp/privBasisPlan.ts) for that λ and w, in order;
 * - the published itemsets and supports are exactly the top k reconstructed from the noisy bins;
 * - the audit's true supports are the input's (itemsetsAudit.ts).
 */
import type { Dataset } from '../data/dataset.ts';
import { compareTokens } from '../data/tokenOrder.ts';
import { constructBasisSet } from '../dp/basisSet.ts';
import { itemDomainOf } from '../dp/itemDomain.ts';
import { reconstructTopK } from '../dp/basisFreq.ts';
import { formatRational } from '../dp/rational.ts';
import { pairCount, privBasisPlan, SINGLE_BASIS_MAX } from '../dp/privBasisPlan.ts';
import type { ItemsetsAudit, ItemsetsRelease } from './itemsets.ts';
import { itemsetsAudit } from './itemsetsAudit.ts';
import type { Verification } from './types.ts';
import { startDpCheck } from './verifyLedger.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function verifyItemsets(
  dataset: Dataset,
  release: ItemsetsRelease,
  audit: ItemsetsAudit,
): Verification {
  const { problems, done, ledger, epsilon } = startDpCheck(release);
  if (!ledger || !epsilon) return done();
  // The top k of a whole input is not the union of its parts' top k: PrivBasis has no merge.
  if (ledger.parallel)
    problems.push('a PrivBasis release is one run over the whole input; its ledger composes no parts');
  const k = release.params.k;
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 1) {
    problems.push(`params.k ${String(k)} is not a positive integer`);
    return done();
  }
  const { lambda, items, pairs, bases, bins } = release.basis;
  if (items.length !== lambda || new Set(items).size !== lambda)
    problems.push(
      `basis: λ = ${lambda} but ${items.length} items (${new Set(items).size} distinct) were chosen`,
    );
  let domain: Set<string>;
  try {
    domain = new Set(itemDomainOf(dataset, String(release.params.items ?? '')).tokens);
  } catch (error) {
    problems.push(`the item domain of the header's params cannot be read: ${(error as Error).message}`);
    return done();
  }
  const unknown = items.filter((t) => !domain.has(t));
  if (unknown.length > 0) problems.push(`basis: items outside the domain: ${unknown.slice(0, 5).join(', ')}`);
  const expectedPairs = pairCount(lambda, k);
  const inF = new Set(items);
  const pairKeys = new Set(pairs.map((p) => [...p].sort(compareTokens).join('\u0000')));
  if (
    pairs.length !== expectedPairs ||
    pairKeys.size !== pairs.length ||
    pairs.some((p) => p.length !== 2 || p[0] === p[1] || !inF.has(p[0]) || !inF.has(p[1]))
  )
    problems.push(
      `basis: expected ${expectedPairs} distinct pairs within the chosen items, found ${pairs.length}`,
    );
  const built =
    lambda <= SINGLE_BASIS_MAX ? [[...items].sort(compareTokens)] : constructBasisSet(items, pairs);
  if (!same(built, bases)) problems.push('basis: the bases are not those the chosen items and pairs build');
  bases.forEach((basis, i) => {
    if (bins[i]?.length !== 2 ** basis.length - 1)
      problems.push(`basis ${i + 1}: ${bins[i]?.length ?? 0} bins, expected 2^${basis.length} - 1`);
  });
  if (bins.length !== bases.length) problems.push(`${bins.length} bin lists for ${bases.length} bases`);
  if (problems.length > 0) return done();

  const plan = privBasisPlan(epsilon, k, lambda, bases.length);
  const entries = ledger.entries;
  if (entries.length !== plan.length)
    problems.push(
      `the ledger holds ${entries.length} charges; λ = ${lambda} and ${bases.length} bases take ${plan.length}`,
    );
  plan.forEach((charge, i) => {
    const entry = entries[i];
    if (!entry) return;
    if (
      entry.mechanism !== charge.mechanism ||
      entry.sensitivity !== 1 ||
      entry.scope !== '' ||
      entry.scale !== formatRational(charge.scale)
    )
      problems.push(
        `ledger entry ${i}: ${entry.mechanism} of scale ${entry.scale}; the plan's ${charge.phase} charge is ${charge.mechanism} of scale ${formatRational(charge.scale)}`,
      );
  });

  const expected = reconstructTopK(bases, bins, k);
  if (
    !same(
      expected,
      release.itemsets.map((s) => ({ items: s.items, support: s.support })),
    )
  )
    problems.push('the published itemsets and supports are not the top k that the noisy bins give');
  if (
    problems.length === 0 &&
    !same(itemsetsAudit(dataset, release, k), { published: audit.published, topK: audit.topK })
  )
    problems.push(
      'the audit does not hold the input’s true supports of the published itemsets and its true top k',
    );
  return done();
}
