/**
 * A DiffPart release merged from parts (`distribute`, issue 35) replayed from a seed (issue 43 F9;
 * DESIGN.md sec. 8: a verifier that finds a seed replays the noise from it, whatever the label).
 * The parts are rebuilt as `distribute` made them: the input's rows split by the ledger's
 * row-wise split (dp/itemHashSplit.ts, keyed by `ledger.parallel.key`, as partitionRows.ts splits
 * a DP run), each part's rows in input order with their items in the order the input holds them
 * (the order a part's file lists them, so its items are numbered alike), DiffPart run on each with
 * the run's params, the one taxonomy of the whole input when the header names none (the shared
 * hierarchy every part was handed: cli/distribute/sharedHierarchy.ts), and the noise each part drew
 * from its own seed `partNoiseSeed(seed, part)` (dpParts.ts). The parts' trees are laid one after
 * the other as mergeDiffPart.ts lays them (parents renumbered), so the replay compares with the
 * merged release's partitions as a whole (run/seededReplay.ts).
 */
import type { Dataset } from '../data/dataset.ts';
import { DatasetBuilder } from '../data/datasetBuilder.ts';
import { serializeHierarchy } from '../data/hierarchy/serializeHierarchy.ts';
import { itemHashParts } from '../dp/itemHashSplit.ts';
import { diffPartTaxonomy } from '../dp/taxonomy.ts';
import type { DiffPartPartition } from '../release/types.ts';
import { seededRun, type PartsReplay } from '../run/seededReplay.ts';
import { partNoiseSeed } from './dpParts.ts';
import { isRowWise, type Split } from './partitionRows.ts';

/** Part `part` of `dataset` as its task read it: `rows` in order, each row's items in order. */
function partDataset(dataset: Dataset, rows: readonly number[], part: number): Dataset {
  const builder = new DatasetBuilder();
  const tokens = dataset.dictionary.tokens;
  for (const r of rows) builder.addTokens(Array.from(dataset.row(r), (id) => tokens[id]));
  return builder.build(`${dataset.name} (partition ${part})`, dataset.format);
}

/** The merged release's partitions as its parts' runs from `seed` drew them (see the top); null when none replays. */
export const replayMergedDiffPart: PartsReplay = (dataset, release, seed) => {
  const parallel = release.ledger?.parallel;
  if (!parallel || release.method !== 'diffpart' || !isRowWise(parallel.split as Split)) return null;
  const parts = parallel.parts.length;
  const rowsOf: number[][] = Array.from({ length: parts }, () => []);
  itemHashParts(dataset, parallel.key, parts).forEach((p, r) => rowsOf[p].push(r));
  const hierarchy = String(release.params.hierarchy ?? '');
  const params = {
    ...release.params,
    hierarchy:
      hierarchy.trim() !== ''
        ? hierarchy
        : serializeHierarchy(
            diffPartTaxonomy(dataset, { hierarchy: '', f: Number(release.params.f) }).hierarchy,
          ),
  };
  const partitions: DiffPartPartition[] = [];
  for (let part = 0; part < parts; part++) {
    const replay = seededRun(
      partDataset(dataset, rowsOf[part], part),
      release.method,
      params,
      partNoiseSeed(seed, part),
    );
    if (replay?.kind !== 'transactions' || !replay.partitions) return null;
    const offset = partitions.length;
    for (const q of replay.partitions)
      partitions.push({ ...q, parent: q.parent === -1 ? -1 : q.parent + offset });
  }
  return partitions;
};
