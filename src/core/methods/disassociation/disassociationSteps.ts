/**
 * The teaching steps of a recorded disassociation run (Terrovitis et al., PVLDB 2012, Sec. 4 and
 * the worked example of its Fig. 1, public/samples/disassociation-paper.csv as we reconstructed
 * it): the input; each HORPART split (Alg. 1: the most frequent item, the rows holding it and the
 * rest); each cluster's VERPART (Alg. 2: the items by support, each tried for the chunk being
 * built, with why it fits or waits; the cluster's chunks as published), and, with `--safe`, what
 * the partial suppression left out. The release itself is the trace's last step (teachRun.ts).
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Recorder } from '../../teach/recorder.ts';
import type { Candidate } from '../../teach/trace.ts';
import { count, itemSet, rowIds, tableOf } from '../../teach/drawings.ts';
import { clustersTable } from '../../teach/disassociatedDrawing.ts';
import type { DisassociationWatch } from './disassociate.ts';
import type { ChunkTrial } from './verpart.ts';

export function disassociationSteps(
  dataset: Dataset,
  params: { k: number; m: number; maxCluster: number; safe: boolean },
  rec: Recorder,
): { watch: DisassociationWatch } {
  const token = (item: number) => dataset.dictionary.token(item);
  const tokensOf = (r: number) => Array.from(dataset.row(r), token);
  const { k, m, maxCluster } = params;
  rec.step({
    title: 'The transactions',
    text: `Disassociation publishes every item as it is. It hides which items belong to one person by cutting the rows into clusters of at most ${maxCluster} rows and each cluster into chunks that are ${k}^${m}-anonymous on their own.`,
    cite: 'Terrovitis et al. Sec. 3 (disassociation), Fig. 1a',
    figure: 'Fig. 1a',
    state: tableOf(Array.from({ length: dataset.n }, (_, r) => ({ row: r, items: tokensOf(r) }))),
    changed: [],
  });
  let trials: ChunkTrial[] = [];
  return {
    watch: {
      split: ({ rows, item, holding, rest }) =>
        rec.step({
          title: `HORPART splits on ${token(item)}`,
          text: `This part has ${count(rows.length, 'row')}, more than ${maxCluster}. Its most frequent item that leaves at least ${k} rows on each side is ${token(item)} (${holding.length} rows): the rows holding it form one part, the ${rest.length} others another, and each is split again.`,
          cite: 'Terrovitis et al. Sec. 4.1, Alg. 1 (HORPART)',
          state: tableOf(
            [...holding, ...rest].map((r) => ({
              row: r,
              items: tokensOf(r),
              group: holding.includes(r) ? 0 : 1,
            })),
            [
              { id: 'with', label: `with ${token(item)}`, note: count(holding.length, 'row') },
              { id: 'without', label: `without ${token(item)}`, note: count(rest.length, 'row') },
            ],
          ),
          changed: rowIds(holding),
        }),
      trial: (_cluster, trial) => trials.push(trial),
      cluster: (c, rows, chunks, suppressed) => {
        const candidates: Candidate[] = trials.map((t) => ({
          label: token(t.item),
          values: { support: t.support, chunk: `C${t.chunk + 1}` },
          chosen: t.fits,
          ...(!t.fits && {
            note: `with it, some itemset of up to ${m} items of C${t.chunk + 1} would be held by fewer than ${k} rows`,
          }),
        }));
        trials = [];
        const position = new Map<number, number>();
        rows.forEach((r, i) => position.set(r, i));
        const domains = chunks.domains.map((d) => new Set(d));
        const plain = {
          rows: rows.length,
          recordChunks: chunks.domains.map((domain, j) => ({
            items: domain.map(token),
            subrecords: Array.from(rows)
              .map((r) => tokensOf(r).filter((_, p) => domains[j].has(dataset.row(r)[p])))
              .filter((items) => items.length > 0),
          })),
          termChunk: chunks.term.map(token),
        };
        const holders = chunks.domains.map((_, j) =>
          Array.from(rows).filter((r) => dataset.row(r).some((item) => domains[j].has(item))),
        );
        rec.step({
          title: `VERPART on cluster P${c + 1}`,
          text:
            `The ${count(rows.length, 'row')} of P${c + 1}: items held by fewer than ${k} of them go to the term chunk ${itemSet(plain.termChunk)}; ` +
            `the others, most frequent first, join the record chunk being built when it stays ${k}^${m}-anonymous, else wait for the next chunk (${count(chunks.domains.length, 'record chunk')}).` +
            (suppressed > 0
              ? ` Safe disassociation left out ${count(suppressed, 'occurrence')} so that no itemset across chunks is forced into fewer than ${k} rows.`
              : ''),
          cite: 'Terrovitis et al. Sec. 4.2, Alg. 2 (VERPART)',
          state: clustersTable([plain], (_c, j, i) => holders[j][i], c + 1),
          changed: [`P${c + 1}.T`],
          candidates,
        });
      },
    },
  };
}
