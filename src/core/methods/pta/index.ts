/**
 * `pta`: PTA, k-anonymity of whole transactions (Lin, Liu, Fournier-Viger, Hong, "PTA: An
 * Efficient System for Anonymizing Transaction Databases"). Gray sort and segments (Sec. 4.1),
 * PrimTSP per segment (Alg. 1), map and majority vote (Alg. 2), equivalence classes (Alg. 3).
 * Publishes a `transactions` release: every row replaced by its class centre, rows shuffled within
 * each class. Column order for the Gray sort: the items' natural order by default (see itemOrder.ts).
 */
import type { Dataset } from '../../data/dataset.ts';
import { releaseHeader } from '../../release/header.ts';
import { classesRelease } from '../shared/classesRelease.ts';
import { K_ANONYMITY_PARAM } from '../shared/kParam.ts';
import { ITEM_ORDERS, itemPositions, type ItemOrder } from '../shared/itemOrder.ts';
import {
  MethodInputError,
  type MethodParams,
  type MethodSpec,
  type ParallelPlan,
  type RunContext,
} from '../types.ts';
import type { EquivalenceClass } from './equivalenceClasses.ts';
import { anonymizeSegment, type SegmentTrace } from './anonymizeSegment.ts';
import { defaultSegmentCount, divideIntoSegments, sortedRows, TARGET_SEGMENT_SIZE } from './segments.ts';

export interface PtaTrace {
  sorted: number[];
  segments: SegmentTrace[];
}

/** Pre-processing (Sec. 4.1): the Gray-sorted rows cut into segments of at least k rows. */
export function planSegments(
  dataset: Dataset,
  k: number,
  segmentCount: number,
  order: ItemOrder,
): { sorted: number[]; segments: number[][] } {
  if (dataset.n < k) {
    throw new MethodInputError(
      `k-anonymity needs at least k = ${k} transactions; ${dataset.name} has ${dataset.n}`,
    );
  }
  const sorted = sortedRows(dataset, itemPositions(dataset, order));
  return { sorted, segments: divideIntoSegments(sorted, segmentCount, k) };
}

/** PTA on `dataset` with every intermediate result (the teaching view). */
export function ptaTrace(dataset: Dataset, k: number, segmentCount: number, order: ItemOrder): PtaTrace {
  const { sorted, segments } = planSegments(dataset, k, segmentCount, order);
  return { sorted, segments: segments.map((rows) => anonymizeSegment(dataset, rows, k)) };
}

function segmentCountOf(dataset: Dataset, params: MethodParams): number {
  const requested = Number(params.segments);
  return requested > 0 ? requested : defaultSegmentCount(dataset.n);
}

/** The equivalence classes of one segment (plain data: it may come from another worker). */
type SegmentClasses = EquivalenceClass[];

const parallel: ParallelPlan = {
  plan: (dataset, params) =>
    planSegments(dataset, Number(params.k), segmentCountOf(dataset, params), params.order as ItemOrder)
      .segments,
  task: (dataset, params, rows) => anonymizeSegment(dataset, rows as number[], Number(params.k)).classes,
  assemble(dataset, params, partials, ctx) {
    const classes = (partials as SegmentClasses[]).flat();
    const { release, audit } = classesRelease(
      releaseHeader(ptaSpec, dataset, params, ctx),
      dataset,
      classes,
      ctx.rng,
    );
    const requested = Number(params.segments);
    return {
      release,
      audit,
      notes: {
        segments: partials.length,
        'segments requested': requested > 0 ? requested : `auto (n/${TARGET_SEGMENT_SIZE})`,
        classes: classes.length,
      },
    };
  },
};

function run(dataset: Dataset, params: MethodParams, ctx: RunContext) {
  const tasks = parallel.plan(dataset, params);
  const partials = tasks.map((task, index) => {
    const classes = parallel.task(dataset, params, task);
    ctx.progress((index + 1) / tasks.length, 'segments');
    return classes;
  });
  return parallel.assemble(dataset, params, partials, ctx);
}

export const ptaSpec: MethodSpec = {
  id: 'pta',
  label: 'PTA (Gray sort, segments, PrimTSP, majority vote)',
  paper: '004_2d64c07e95dc2207.txt',
  model: 'k-anonymity',
  releaseKind: 'transactions',
  needsSensitive: false,
  params: [
    K_ANONYMITY_PARAM,
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
  parallel,
};
