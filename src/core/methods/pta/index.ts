/**
 * `pta`: PTA, k-anonymity of whole transactions (Lin, Liu, Fournier-Viger, Hong, "PTA: An
 * Efficient System for Anonymizing Transaction Databases"). Gray sort and segments (Sec. 4.1),
 * PrimTSP per segment (Alg. 1), map and majority vote (Alg. 2), equivalence classes (Alg. 3).
 * Publishes a `transactions` release: every row replaced by its class centre, rows shuffled within
 * each class. Column order for the Gray sort: the items' natural order by default (see itemOrder.ts).
 * A recorded run (the teaching stepper) draws every stage of Figs. 2-7 (ptaSteps.ts).
 */
import type { Dataset } from '../../data/dataset.ts';
import { classesRelease } from '../shared/classesRelease.ts';
import { K_ANONYMITY_PARAM } from '../shared/kParam.ts';
import { ITEM_ORDERS } from '../shared/itemOrder.ts';
import { defineMethod, type ParallelPlan, type ParamValues, type RunContext } from '../types.ts';
import { TEACHING } from '../shared/teachingSize.ts';
import type { EquivalenceClass } from './equivalenceClasses.ts';
import { anonymizeSegment } from './anonymizeSegment.ts';
import { defaultSegmentCount, planSegments, TARGET_SEGMENT_SIZE } from './segments.ts';
import { TspBuffers } from './primTsp.ts';
import { PtaSteps } from './ptaSteps.ts';
import { checkMemory } from '../../base/memoryBudget.ts';

/**
 * PrimTSP's working memory, reused by every segment this thread anonymizes (tasks run one at a
 * time in a thread; only the classes leave a task).
 */
const SEGMENT_BUFFERS = new TspBuffers();

const PTA_PARAMS = [
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
] as const;
type PtaParams = ParamValues<typeof PTA_PARAMS>;

function segmentCountOf(dataset: Dataset, params: PtaParams): number {
  return params.segments > 0 ? params.segments : defaultSegmentCount(dataset.n);
}

/**
 * The segments, once PrimTSP's memory for the largest fits the budget: its distances and
 * nearest-first lists are two s x s arrays of 32-bit numbers.
 */
function checkedSegments(
  dataset: Dataset,
  params: PtaParams,
  ctx: RunContext,
  segments: number[][],
): number[][] {
  let largest = 0;
  for (const segment of segments) largest = Math.max(largest, segment.length);
  const fitting = Math.max(params.k, Math.floor(Math.sqrt(ctx.memoryBudget / 8)));
  checkMemory(
    8 * largest * largest,
    ctx.memoryBudget,
    `PTA's distance matrix of a segment of ${largest} rows`,
    `more segments (--segments ${Math.ceil(dataset.n / fitting)} or more)`,
  );
  return segments;
}

/** The equivalence classes of one segment (plain data: it may come from another worker). */
type SegmentClasses = EquivalenceClass[];

const parallel: ParallelPlan<PtaParams, number[], SegmentClasses> = {
  plan: (dataset, params, ctx) =>
    checkedSegments(
      dataset,
      params,
      ctx,
      planSegments(dataset, params.k, segmentCountOf(dataset, params), params.order).segments,
    ),
  task: (dataset, params, rows) => anonymizeSegment(dataset, rows, params.k, SEGMENT_BUFFERS).classes,
  assemble(dataset, params, partials, ctx) {
    const classes = partials.flat();
    const { release, audit } = classesRelease(ctx.header, dataset, classes, ctx.rng);
    return {
      release,
      audit,
      notes: {
        segments: partials.length,
        'segments requested': params.segments > 0 ? params.segments : `auto (n/${TARGET_SEGMENT_SIZE})`,
        // The release counts classes of identical published rows: two classes may publish alike.
        'classes formed (equal ones merge when published)': classes.length,
      },
    };
  },
};

/** plan, each task, assemble in this thread (a recorded run's steps drawn as they go). */
function run(dataset: Dataset, params: PtaParams, ctx: RunContext) {
  const steps = ctx.recorder.on ? new PtaSteps(ctx.recorder, dataset, params.k) : undefined;
  const tasks = checkedSegments(
    dataset,
    params,
    ctx,
    planSegments(dataset, params.k, segmentCountOf(dataset, params), params.order, steps).segments,
  );
  const partials = tasks.map((task, index) => {
    const { classes } = anonymizeSegment(dataset, task, params.k, SEGMENT_BUFFERS, steps?.segment(index));
    ctx.progress((index + 1) / tasks.length, 'segments');
    return classes;
  });
  return parallel.assemble(dataset, params, partials, ctx);
}

export const ptaSpec = defineMethod({
  id: 'pta',
  label: 'PTA (Gray sort, segments, PrimTSP, majority vote)',
  paper: '004_2d64c07e95dc2207.txt',
  model: 'k-anonymity',
  releaseKind: 'transactions',
  needsSensitive: false,
  params: PTA_PARAMS,
  run,
  parallel,
  teach: TEACHING,
});
