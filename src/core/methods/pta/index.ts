/**
 * `pta`: PTA, k-anonymity of whole transactions (Lin, Liu, Fournier-Viger, Hong, "PTA: An
 * Efficient System for Anonymizing Transaction Databases"). Gray sort and segments (Sec. 4.1),
 * PrimTSP per segment (Alg. 1), map and majority vote (Alg. 2), equivalence classes (Alg. 3).
 * Publishes a `transactions` release: every row replaced by its class centre, rows shuffled within
 * each class. Column order for the Gray sort: the items' natural order by default (see itemOrder.ts).
 */
import type { Dataset } from '../../data/dataset.ts';
import { releaseHeader } from '../../release/header.ts';
import type { TransactionsRelease } from '../../release/types.ts';
import { ITEM_ORDERS, itemPositions, type ItemOrder } from '../shared/itemOrder.ts';
import { MethodInputError, type MethodParams, type MethodSpec, type RunContext } from '../types.ts';
import { anonymizeSegment, type SegmentTrace } from './anonymizeSegment.ts';
import { defaultSegmentCount, divideIntoSegments, sortedRows, TARGET_SEGMENT_SIZE } from './segments.ts';

export interface PtaTrace {
  sorted: number[];
  segments: SegmentTrace[];
}

/** PTA on `dataset` with every intermediate result (the run and the teaching view share it). */
export function ptaTrace(
  dataset: Dataset,
  k: number,
  segmentCount: number,
  order: ItemOrder,
  onSegment?: (done: number, total: number) => void,
): PtaTrace {
  if (dataset.n < k)
    throw new MethodInputError(
      `k-anonymity needs at least k = ${k} transactions; ${dataset.name} has ${dataset.n}`,
    );
  const sorted = sortedRows(dataset, itemPositions(dataset, order));
  const parts = divideIntoSegments(sorted, segmentCount, k);
  const segments = parts.map((rows, index) => {
    const trace = anonymizeSegment(dataset, rows, k);
    onSegment?.(index + 1, parts.length);
    return trace;
  });
  return { sorted, segments };
}

function run(dataset: Dataset, params: MethodParams, ctx: RunContext) {
  const k = Number(params.k);
  const requested = Number(params.segments);
  const segmentCount = requested > 0 ? requested : defaultSegmentCount(dataset.n);
  const trace = ptaTrace(dataset, k, segmentCount, params.order as ItemOrder, (done, total) =>
    ctx.progress(done / total, 'segments'),
  );
  const transactions: string[][] = [];
  const rowOf: number[] = [];
  let classes = 0;
  for (const segment of trace.segments) {
    for (const c of segment.classes) {
      classes++;
      const tokens = c.center.map((id) => dataset.dictionary.token(id));
      for (const r of ctx.rng.shuffle([...c.members])) {
        transactions.push(tokens);
        rowOf.push(r);
      }
    }
  }
  const release: TransactionsRelease = {
    ...releaseHeader(ptaSpec, dataset, params, ctx),
    kind: 'transactions',
    transactions,
  };
  return {
    release,
    audit: { rowOf },
    notes: {
      segments: trace.segments.length,
      'segments requested': requested > 0 ? requested : `auto (n/${TARGET_SEGMENT_SIZE})`,
      classes,
    },
  };
}

export const ptaSpec: MethodSpec = {
  id: 'pta',
  label: 'PTA (Gray sort, segments, PrimTSP, majority vote)',
  paper: '004_2d64c07e95dc2207.txt',
  model: 'k-anonymity',
  needsSensitive: false,
  params: [
    {
      name: 'k',
      type: 'int',
      default: 5,
      min: 2,
      help: 'anonymity degree: every published transaction has at least k-1 identical ones',
    },
    {
      name: 'segments',
      type: 'int',
      default: 0,
      min: 0,
      help: `number of segments of the Gray-sorted data; 0 = about one per ${TARGET_SEGMENT_SIZE} transactions`,
    },
    {
      name: 'order',
      type: 'string',
      default: 'token',
      choices: ITEM_ORDERS,
      help: 'column order of the bit vectors for the Gray sort: token (natural), support (decreasing) or input',
    },
  ],
  run,
};
