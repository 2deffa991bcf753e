/**
 * `multi-anatomy`: l-diverse multi-dimension anatomy ("Privacy Preservation in Transaction
 * Databases based on Anatomy technique", CSE 2010). Item partition (Sec. IV.A): phi^2 between items
 * (eq. 4), distance 1 - phi^2, PAM k-medoids into `columns` clusters (FastPAM1 swaps). Record
 * partition (Sec. IV.B, Fig. 2; see recordPartition.ts for the reading) under the l-diversity
 * reading `diversity` (release/diversity.ts: `frequency`, Def. 5, the default and the stricter one;
 * `distinct`, Example 5). An infeasible setting is an error that names the feasible ones
 * (feasibility.ts), which the `feasibility` tool also gives the page. Publishes a `buckets` release:
 * each column's values permuted within the bucket (Sec. V.A). A recorded run draws phi², PAM's steps
 * and each bucket as it closes (multiAnatomyTeach.ts).
 */
import type { Dataset } from '../../data/dataset.ts';
import type { BucketsRelease } from '../../release/types.ts';
import { BucketsTableBuilder } from '../../release/tables.ts';
import { idRowsOf } from '../../release/tokenRows.ts';
import { defineMethod, type ParamValues, type RunContext } from '../types.ts';
import { InputError } from '../../base/errors.ts';
import { pam, type PamEvent } from './pam.ts';
import { MultiAnatomyTeach } from './multiAnatomyTeach.ts';
import { TEACHING } from '../shared/teachingSize.ts';
import { phiSquareAmong, phiSquares, type PhiSquares } from './phiSquare.ts';
import { DEFAULT_MEMORY_BUDGET } from '../../base/memoryBudget.ts';
import { itemSupports } from '../../data/stats.ts';
import { columnValues, partitionRecords } from './recordPartition.ts';
import { DIVERSITY_READINGS } from '../../release/diversity.ts';
import { COLUMN_SEARCH_IN_RUN, feasibility, infeasibleMessage } from './feasibility.ts';

/**
 * Sec. IV.A: the column of every item (items that occur nowhere stay in column 0). The phi^2
 * between items must fit `memoryBudget` (phiSquare.ts keeps the pairs sparse when d is large).
 */
export function itemPartition(
  dataset: Dataset,
  columns: number,
  memoryBudget = DEFAULT_MEMORY_BUDGET,
  /** The phi^2 of every pair, when already computed (several column counts share it). */
  given?: PhiSquares,
  /** Recorded runs: told PAM's steps (pam.ts). */
  observe?: (event: PamEvent) => void,
): { columnOf: Int32Array; cost: number; swaps: number; sparse: boolean } {
  const d = dataset.d;
  if (columns > d)
    throw new InputError(`${columns} columns need at least ${columns} items; ${dataset.name} has ${d}`);
  const phi = given ?? phiSquares(dataset, memoryBudget);
  const clustering = pam(d, columns, (i, j) => (i === j ? 0 : 1 - phi.get(i, j)), undefined, observe);
  return {
    columnOf: Int32Array.from(clustering.assignment),
    cost: clustering.cost,
    swaps: clustering.swaps,
    sparse: phi.sparse,
  };
}

/**
 * Theorem 2: log10 of the records an attacker can rebuild, sum over buckets of |B|^p, summed in
 * log space from the largest term (a loop, not Math.max(...), which overflows the stack on
 * hundreds of thousands of buckets).
 */
export function log10ReconstructedRecords(bucketSizes: readonly number[], columns: number): number {
  let top = -Infinity;
  for (const size of bucketSizes) top = Math.max(top, columns * Math.log10(size));
  let sum = 0;
  for (const size of bucketSizes) sum += 10 ** (columns * Math.log10(size) - top);
  return top + Math.log10(sum);
}

const MULTI_ANATOMY_PARAMS = [
  {
    name: 'l',
    type: 'int',
    default: 2,
    min: 2,
    help: 'diversity degree: an attacker tells a row’s column value with probability at most 1/l (as the reading below counts)',
  },
  {
    name: 'columns',
    type: 'int',
    default: 2,
    min: 1,
    help: 'number of columns the items are clustered into (PAM k)',
  },
  {
    name: 'diversity',
    type: 'string',
    choices: DIVERSITY_READINGS,
    default: 'frequency',
    help: 'l-diversity reading: frequency (Def. 5: no value in more than |B|/l rows of a bucket, stricter) or distinct (Example 5: at least l distinct values per column)',
  },
] as const;
type MultiAnatomyParams = ParamValues<typeof MULTI_ANATOMY_PARAMS>;

/** phi² (eq. 4) among the `top` most frequent items, for the item-correlation heatmap. */
export function itemCorrelation(dataset: Dataset, top: number): { tokens: string[]; phi: number[][] } {
  const supports = itemSupports(dataset);
  const items = Array.from(supports.keys())
    .sort((a, b) => supports[b] - supports[a] || a - b)
    .slice(0, top);
  return { tokens: items.map((i) => dataset.dictionary.token(i)), phi: phiSquareAmong(dataset, items) };
}

/** The feasibility of the params on the dataset; fewer columns are searched when `search`. */
function checkSetting(
  dataset: Dataset,
  params: MultiAnatomyParams,
  search: boolean,
  memoryBudget = DEFAULT_MEMORY_BUDGET,
  /** A recorded run's steps: the item partition of the run's own `columns` is drawn. */
  teach?: MultiAnatomyTeach,
) {
  let phi: PhiSquares | undefined;
  const partitions = new Map<number, ReturnType<typeof itemPartition>>();
  const partition = (columns: number) => {
    if (!partitions.has(columns)) {
      if (columns <= dataset.d) phi ??= phiSquares(dataset, memoryBudget);
      const recorded = teach && columns === params.columns && phi ? teach : undefined;
      recorded?.correlation(phi!, itemSupports(dataset));
      partitions.set(columns, itemPartition(dataset, columns, memoryBudget, phi, recorded?.observe));
      recorded?.partitioned(partitions.get(columns)!.columnOf, columns, (i, j) =>
        i === j ? 0 : 1 - phi!.get(i, j),
      );
    }
    return partitions.get(columns)!.columnOf;
  };
  const setting = { l: params.l, columns: params.columns, reading: params.diversity };
  return { result: feasibility(dataset, setting, partition, search), partitions };
}

function run(dataset: Dataset, params: MultiAnatomyParams, ctx: RunContext) {
  const { l, columns } = params;
  if (dataset.n === 0) throw new InputError(`${dataset.name} has no transactions`);
  const teach = ctx.recorder.on
    ? new MultiAnatomyTeach(ctx.recorder, dataset, l, params.diversity)
    : undefined;
  const { result, partitions } = checkSetting(
    dataset,
    params,
    dataset.d <= COLUMN_SEARCH_IN_RUN,
    ctx.memoryBudget,
    teach,
  );
  const { columnOf, cost, swaps, sparse } = partitions.get(columns)!;
  ctx.progress(0.5, 'item partition');
  const values = columnValues(dataset, columnOf, columns);
  const describe = (value: string) =>
    value === ''
      ? '{} (no item of the column)'
      : `{${value
          .split(',')
          .map((id) => dataset.dictionary.token(Number(id)))
          .join(', ')}}`;
  if (!result.feasible) throw new InputError(infeasibleMessage(result, describe));
  const columnTokens: string[][] = Array.from({ length: columns }, () => []);
  for (let item = 0; item < dataset.d; item++)
    columnTokens[columnOf[item]].push(dataset.dictionary.token(item));
  teach?.records(values, columnTokens);
  const buckets = partitionRecords(values, columns, l, ctx.rng, params.diversity, teach);
  // Each bucket's column c: its rows' items of that column, the rows permuted (Sec. V.A).
  const table = new BucketsTableBuilder(dataset.dictionary.tokens, dataset.items.length, dataset.n * columns);
  for (const rows of buckets) {
    table.startBucket(rows.length);
    for (let c = 0; c < columns; c++) {
      for (const r of ctx.rng.shuffle([...rows])) {
        for (let k = dataset.offsets[r]; k < dataset.offsets[r + 1]; k++)
          if (columnOf[dataset.items[k]] === c) table.pushId(dataset.items[k]);
        table.endCell();
      }
      table.endColumn();
    }
    table.endBucket();
  }
  const release: BucketsRelease = {
    ...ctx.header,
    kind: 'buckets',
    columns: columnTokens,
    buckets: table.build(),
  };
  return {
    release,
    audit: { buckets: idRowsOf(buckets) },
    notes: {
      buckets: buckets.length,
      'log10 reconstructable records (Thm. 2)': Number(
        log10ReconstructedRecords(
          buckets.map((b) => b.length),
          columns,
        ).toFixed(2),
      ),
      'PAM cost': Number(cost.toFixed(3)),
      'PAM swaps': swaps,
      ...(sparse ? { 'item pairs': 'sparse (many items)' } : {}),
    },
  };
}

export const multiAnatomySpec = defineMethod({
  id: 'multi-anatomy',
  label: 'Multi-dimension anatomy (phi² + PAM, linear record partition)',
  paper: '001_a92d5e06ac026a12.txt',
  model: 'l-diversity',
  releaseKind: 'buckets',
  needsSensitive: false,
  params: MULTI_ANATOMY_PARAMS,
  run,
  teach: TEACHING,
  tools: {
    feasibility: {
      help: 'whether the l, columns and diversity reading set allow an l-diverse partition, and which settings would (largest l per reading, fewer columns)',
      run: (dataset, params) => checkSetting(dataset, params, true).result,
    },
    itemCorrelation: {
      help: 'phi² (eq. 4) among the most frequent items (args: top, default 25), for the heatmap',
      run: (dataset, _params, _ctx, args) => itemCorrelation(dataset, Number(args.top ?? 25)),
    },
  },
});
