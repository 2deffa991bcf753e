/**
 * `disassociated` releases (Terrovitis et al., PVLDB 2012, Sec. 3) as the identity attacker reads
 * them: each cluster publishes its record chunks' sub-records, shuffled apart, and its term chunk's
 * items without rows. A person whose known items a cluster publishes (each in a record chunk or
 * its term chunk) may be one of its rows; of those, at most the sub-records of a chunk holding the
 * known items of that chunk can be the person (the sub-records of different chunks cannot be
 * linked), and a term-chunk item narrows nothing (any row may hold it). A cluster's weight is the
 * fewest such sub-records over the chunks the known items fall in (its size when they fall in the
 * term chunk only), as a `buckets` release's bucket weighs its matching cells (buckets.ts); the
 * candidates are the weighted clusters. Every record chunk being k^m-anonymous, a weight is 0 or
 * at least k for up to m known items: the 1/k of Def. 3 (modelBounds.ts).
 * The cover problem (release/covers.ts: chunks whose supports force items of different chunks to
 * meet) narrows no candidate in this reading; it is an inference about which items go together
 * (Barakat, Al Bouna, Nassar, Guyeux 2016: "a privacy breach might occur if the disassociated
 * dataset is subject to a cover problem"; Awad et al., arXiv 1904.03112, abstract: items "tightly
 * coupled" across chunks), read by the inference attack through `secrets` and `share`
 * (coverShare.ts): the attacker knows some of a target's items and asks which of its other items
 * the release proves go with them, across chunks shuffled apart, in a group of fewer than k rows.
 */
import type { Dataset } from '../../data/dataset.ts';
import { sortedHas } from '../../data/rowDistance.ts';
import { publishedDataset } from '../../release/publishedRows.ts';
import type { DisassociatedRelease } from '../../release/disassociated.ts';
import { rowTokens } from '../../release/tokenRows.ts';
import type { AttackView, Candidates, KindReader } from './types.ts';
import { unitsOfLists } from './listUnits.ts';
import { coverShare, otherItemSecrets } from './coverShare.ts';

function disassociatedView(input: Dataset, release: DisassociatedRelease): AttackView {
  const table = release.clusters;
  const clusters = table.rows.length;
  const subrecords = publishedDataset(input, table.subrecords);
  const chunkItems = publishedDataset(input, table.chunkItems);
  const terms = publishedDataset(input, table.termChunks);
  const k = Number(release.params.k);
  return {
    units: clusters,
    candidates(known): Candidates {
      const weight = new Float64Array(clusters);
      // Per cluster, the record chunks holding known items and their sub-records holding that part
      // (the supports sup_j(S_j) of covers.ts); null when a known item is in the term chunk only.
      const parts: ({ chunk: number; support: number }[] | null)[] = [];
      let persons = 0;
      for (let c = 0; c < clusters; c++) {
        let w = table.rows[c];
        const placed = new Array<boolean>(known.length).fill(false);
        const supports: { chunk: number; support: number }[] = [];
        for (let j = table.chunkStart[c]; j < table.chunkStart[c + 1] && w > 0; j++) {
          const part = known.filter((item, i) => {
            const here = sortedHas(chunkItems.items, item, chunkItems.offsets[j], chunkItems.offsets[j + 1]);
            if (here) placed[i] = true;
            return here;
          });
          if (part.length === 0) continue;
          let matching = 0;
          for (let s = table.subStart[j]; s < table.subStart[j + 1]; s++)
            if (
              part.every((id) =>
                sortedHas(subrecords.items, id, subrecords.offsets[s], subrecords.offsets[s + 1]),
              )
            )
              matching++;
          supports.push({ chunk: j, support: matching });
          w = Math.min(w, matching);
        }
        let counted = true;
        known.forEach((item, i) => {
          if (placed[i]) return;
          counted = false;
          if (!sortedHas(terms.items, item, terms.offsets[c], terms.offsets[c + 1])) w = 0;
        });
        weight[c] = w;
        parts.push(counted ? supports : null);
        persons += w;
      }
      return {
        persons,
        holds: (unit) => unit >= 0 && unit < clusters && weight[unit] > 0,
        share: (secret) =>
          coverShare(table, chunkItems, subrecords, k, known, secret, weight, parts) / (persons || 1),
        list(limit) {
          const out: number[] = [];
          for (let c = 0; c < clusters && out.length < limit; c++) if (weight[c] > 0) out.push(c);
          return out;
        },
      };
    },
  };
}

export const disassociatedReader: KindReader<DisassociatedRelease> = {
  kind: 'disassociated',
  view: disassociatedView,
  // A cluster drawn as its chunks' items: each record chunk's domain, then the term chunk's items.
  unitTokens: (release, unit) => {
    const { chunkStart, chunkItems, termChunks } = release.clusters;
    const out: string[] = [];
    for (let j = chunkStart[unit]; j < chunkStart[unit + 1]; j++)
      out.push(`record chunk {${rowTokens(chunkItems, j).join(', ')}}`);
    out.push(`term chunk {${rowTokens(termChunks, unit).join(', ')}}`);
    return out;
  },
  unitOfRows: (input, _release, audit) =>
    unitsOfLists(input.n, 'subrecordOf' in audit ? audit.clusters : undefined),
  secrets: otherItemSecrets,
};
