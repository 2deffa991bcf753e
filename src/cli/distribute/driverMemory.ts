/**
 * The memory of `distribute`'s driver (issue 42), stated and checked before any partition is
 * written or any task started: a run whose driver would not fit `--memory-mb` is refused with exit
 * code 2 rather than killed by the system after the cluster's work is done.
 *
 * What the driver holds today (measured phase by phase on the 410,201-row Netflix shape, PTA k =
 * 100 in 8 partitions; notes/distribute.md "The driver's memory" and "Streamed metrics"): the input
 * as CSR (8 bytes an occurrence and its dictionary), then, one after the other, the Gray order and
 * each partition's Parquet bytes (the partitions are written one at a time), the merged release
 * (the whole of it: core/distribute/mergeResults.ts), its verification and the run's summary over
 * it. The metrics of a transactions release (NCP, GCP, IL, AvgRE) and a generalized one's AvgRE are
 * sums over the partitions (core/distribute/partitionMetrics.ts), holding one partition's
 * structures at a time. The peak is in the read and the partitions' writing (a dry run, which does
 * only that, peaks at 405-445 MiB at 1x: the heap the writer leaves until V8 collects it, so it moves
 * from run to run); everything after the tasks (merge, verify, metrics, summary, files) at most 218
 * MiB at 1x and 297 at 3x (261 and 404 with the metrics over the whole). So the peak still grows
 * with the input's rows and occurrences, not with the partition size: a streamed read and
 * partitioning, merge and verifier are not built.
 *
 * The figure is a plane through the driver's own measured peak RSS (its maxRSS, in MiB;
 * bench/results.md "Distribute: the driver's memory"): 442 at 1x the 410,201-row shape
 * (5,484,872 occurrences), 1,105 at 3x (1,230,603 rows, 16,454,616 occurrences), 3,505 on the full
 * Netflix shape (480,189 rows, about 100.5 M occurrences): 110 MiB + 399 bytes a row + 33.5 bytes
 * an occurrence fits the three; the constants below are rounded up so it lies above each. Those
 * are the peaks before the writer and BitMatrix changes; after them 1x measured 442 and 3x 737, and
 * with the metrics summed over partitions 434-449 and 833 (the figure: 472 and 1,163), so it is
 * conservative; it is not refitted, since the full shape was not measured again.
 */
import { CliError } from '../cliError.ts';

/** Node, the CLI's code and the engine's client before any data, and the small structures (MiB). */
export const DRIVER_BASE_MB = 128;

/** Bytes of peak RSS for each input row (the release's row arrays, the row-indexed metrics). */
export const DRIVER_BYTES_PER_ROW = 400;

/** Bytes of peak RSS for each item occurrence of the input (its CSR, the release's, tid-lists). */
export const DRIVER_BYTES_PER_OCCURRENCE = 36;

const MIB = 1024 * 1024;

/** The driver's expected peak RSS in MiB for an input of `rows` rows and `occurrences` item occurrences. */
export function driverPeakMb(rows: number, occurrences: number): number {
  return Math.ceil(
    DRIVER_BASE_MB + (rows * DRIVER_BYTES_PER_ROW + occurrences * DRIVER_BYTES_PER_OCCURRENCE) / MIB,
  );
}

/**
 * Refuses (exit 2) when the driver's expected peak for `occurrences` exceeds `budgetMb`, naming
 * the figure, how it is made, and what fits.
 */
export function checkDriverMemory(file: string, rows: number, occurrences: number, budgetMb: number): void {
  const needs = driverPeakMb(rows, occurrences);
  if (needs <= budgetMb) return;
  const share = Math.max(0, (budgetMb - DRIVER_BASE_MB) / (needs - DRIVER_BASE_MB));
  throw new CliError(
    `distribute: ${file}: the driver needs about ${needs} MB for ${rows} rows of ${occurrences} item occurrences ` +
      `(${DRIVER_BASE_MB} MB + ${DRIVER_BYTES_PER_ROW} bytes a row + ${DRIVER_BYTES_PER_OCCURRENCE} bytes an occurrence: ` +
      `it merges, verifies and measures the whole input in one process, whatever --parts), more than --memory-mb ${budgetMb}: ` +
      `raise --memory-mb to ${needs}, or split the input (${budgetMb} MB holds about ${Math.floor(share * rows)} such rows)`,
  );
}
