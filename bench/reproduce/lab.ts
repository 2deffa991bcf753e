/**
 * What every paper's section of the reproduction report (bench/reproduce/) shares: the datasets
 * (../shared/data, generated stand-ins), runs through the one pipeline (runMethod: every release
 * verified, metrics measured on queries seeded by the seed alone), numbers with their uncertainty,
 * the ranking of methods with the letters of core/experiment/comparison.ts, and the findings (the
 * paper's claim, ours, a verdict, and for "not reproduced" the measured reason) that become the
 * report.
 */
import { readFileSync } from 'node:fs';
import { parseBytes } from '../../src/core/data/parsers/index.ts';
import { DatasetBuilder } from '../../src/core/data/datasetBuilder.ts';
import type { Dataset } from '../../src/core/data/dataset.ts';
import { questDataset, type QuestParams } from '../../src/core/data/synthetic.ts';
import { createRng } from '../../src/core/base/rng.ts';
import { runMethod, type RunOutcome } from '../../src/core/run/runMethod.ts';
import type { RunRecord, RunRequest } from '../../src/core/run/runRecord.ts';
import { compareAt, type Comparison } from '../../src/core/experiment/comparison.ts';
import { estimateOf } from '../../src/core/metrics/sampling.ts';

export type Verdict = 'reproduced' | 'shape reproduced' | 'not reproduced' | 'not run';

export interface Finding {
  /** Figure or table, e.g. "Fig. 12a". */
  item: string;
  claim: string;
  ours: string;
  verdict: Verdict;
  /** Why, measured, for every "not reproduced" (and "not run"). */
  reason?: string;
}

/** One paper's part of the report: its findings and the tables behind them. */
export interface PaperReport {
  title: string;
  /** Markdown: data tables and notes, by figure. */
  body: string[];
  findings: Finding[];
  /** CPU seconds the job took (user + system), to tell work from waiting on a shared machine. */
  cpuSeconds?: number;
}

export class Lab {
  private readonly cache = new Map<string, Dataset>();
  readonly started = performance.now();

  constructor(readonly shared: string) {}

  /** A FIMI file of ../shared/data, parsed once. */
  dataset(file: string): Dataset {
    let dataset = this.cache.get(file);
    if (!dataset) {
      dataset = parseBytes(readFileSync(`${this.shared}/${file}`), { fileName: file }).dataset;
      this.cache.set(file, dataset);
    }
    return dataset;
  }

  /** A generated stand-in (IBM Quest generator, core/data/synthetic.ts), made once. */
  generated(name: string, params: QuestParams): Dataset {
    let dataset = this.cache.get(name);
    if (!dataset) {
      dataset = questDataset(params);
      this.cache.set(name, dataset);
    }
    return dataset;
  }

  log(message: string): void {
    const s = ((performance.now() - this.started) / 1000).toFixed(0).padStart(5);
    console.error(`[${s} s] ${message}`);
  }
}

/** A run through the pipeline (verified, metrics measured); throws what the run throws. */
export function run(dataset: Dataset, request: RunRequest): RunOutcome {
  return runMethod(dataset, request);
}

/** A run, or the error message when the setting is infeasible (as a sweep keeps it). */
export function tryRun(dataset: Dataset, request: RunRequest): RunOutcome | string {
  try {
    return runMethod(dataset, request);
  } catch (error) {
    return (error as Error).message;
  }
}

/** `n` rows of `dataset` drawn at random (seeded), as a new dataset (COAT Fig. 14a). */
export function sampleRows(dataset: Dataset, n: number, seed: number): Dataset {
  const rows = createRng(seed)
    .sample(dataset.n, Math.min(n, dataset.n))
    .sort((a, b) => a - b);
  const builder = new DatasetBuilder();
  for (const r of rows) builder.addTokens(dataset.rowTokens(r));
  return builder.build(`${dataset.name}-${n}rows-seed${seed}`, 'fimi');
}

/** Significant digits that keep small values readable. */
export function num(value: number, digits = 3): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) < 1e-12) return '0';
  if (Number.isInteger(value) && Math.abs(value) < 1e6) return value.toLocaleString('en-US');
  return Number(value.toPrecision(digits)).toString();
}

/** Mean ± standard error of values (over seeds). */
export function meanSe(values: readonly number[], digits = 3): string {
  const { mean, se } = estimateOf(values);
  return values.length > 1 ? `${num(mean, digits)} ± ${num(se, 2)}` : num(mean, digits);
}

export function percent(share: number, digits = 1): string {
  return `${(100 * share).toFixed(digits)}%`;
}

/** A markdown table. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) =>
    `| ${cells.map((c) => String(c).replace(/\|/g, '/')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The ranking at one value of a swept parameter: series best first with their letters. */
export function ranking(
  records: readonly RunRecord[],
  axis: string,
  at: number,
  metric: string,
  better: 'lower' | 'higher' = 'lower',
): Comparison {
  return compareAt(records, axis, at, metric, better, [axis]);
}

/** "nn 0.091 ± 0.008 (a)" for every series of a comparison, best first. */
export function rankingText(comparison: Comparison, digits = 3): string {
  return comparison.series
    .map(
      (s) =>
        `${s.name} ${num(s.mean, digits)}${s.se !== undefined ? ` ± ${num(s.se, 2)}` : ''}${s.letters ? ` (${s.letters})` : ''}`,
    )
    .join(' · ');
}

/** Whether series `a` is told apart from and better than `b` in a comparison. */
export function better(comparison: Comparison, a: string, b: string): boolean | undefined {
  const i = comparison.series.findIndex((s) => s.name === a);
  const j = comparison.series.findIndex((s) => s.name === b);
  if (i < 0 || j < 0) return undefined;
  const pair = comparison.pairs[i][j];
  if (!pair || pair.verdict === 'unknown') return undefined;
  return pair.verdict === 'different' && i < j;
}

/** Whether two series cannot be told apart. */
export function together(comparison: Comparison, a: string, b: string): boolean {
  const i = comparison.series.findIndex((s) => s.name === a);
  const j = comparison.series.findIndex((s) => s.name === b);
  return i >= 0 && j >= 0 && comparison.pairs[i][j]?.verdict === 'indistinguishable';
}

/** Verdict of a claim that should hold at every one of several settings. */
export function verdictOf(holds: readonly boolean[], partly: readonly boolean[] = holds): Verdict {
  if (holds.every(Boolean)) return 'reproduced';
  if (partly.every(Boolean)) return 'shape reproduced';
  return 'not reproduced';
}

/** Whether values go up with their axis (each step up, within `slack` of the previous value). */
export function increasing(values: readonly number[], slack = 0): boolean {
  return values.every((v, i) => i === 0 || v >= values[i - 1] - slack);
}
