/**
 * The memory the tab uses, as the browser itself measures it: `performance.measureUserAgentSpecificMemory()`
 * (available in a cross-origin-isolated page, which this one is): the JavaScript memory of the page
 * and of its workers, typed arrays included, and its DOM. Chromium counts a SharedArrayBuffer in
 * every thread that holds it, so a dataset's shared rows (held by the page and by every worker) are
 * counted here once: the measure less (threads - 1) x the shared bytes. Chromium answers at its next
 * garbage collection (a few seconds, 20 at most), so the value comes after the run. Blob data (the
 * files to download) is kept by the browser outside the tab's heaps and is not in it. Null where the
 * API is missing (a page that is not cross-origin isolated, another browser).
 */
interface MemoryMeasurement {
  bytes: number;
  breakdown: { bytes: number; types: string[]; attribution: { scope?: string }[] }[];
}

type MeasuringPerformance = Performance & {
  measureUserAgentSpecificMemory?: () => Promise<MemoryMeasurement>;
};

/** Whether this page can measure its memory. */
export function canMeasureTabMemory(): boolean {
  return (
    typeof crossOriginIsolated !== 'undefined' &&
    crossOriginIsolated &&
    typeof (performance as MeasuringPerformance).measureUserAgentSpecificMemory === 'function'
  );
}

/**
 * The tab's memory in bytes, `shared` bytes of SharedArrayBuffers held by every thread counted
 * once; null when it cannot be measured.
 */
export async function measureTabMemory(shared = 0): Promise<number | null> {
  if (!canMeasureTabMemory()) return null;
  try {
    const measured = await (performance as MeasuringPerformance).measureUserAgentSpecificMemory!();
    const threads = measured.breakdown.filter(
      (part) =>
        part.types.includes('JavaScript') &&
        part.attribution.some((a) => a.scope === 'Window' || a.scope === 'DedicatedWorkerGlobalScope'),
    ).length;
    return Math.max(0, measured.bytes - Math.max(0, threads - 1) * shared);
  } catch {
    return null; // refused (e.g. the page lost its isolation): nothing to show
  }
}

/** How the measure is taken, for a tooltip beside the value. */
export const TAB_MEMORY_HOW =
  'Memory of this tab after the run: JavaScript memory of the page and its workers (typed arrays included) and its DOM, measured by the browser (performance.measureUserAgentSpecificMemory), the datasets’ shared memory counted once (the browser counts it in every thread). Files kept for download are held by the browser apart and are not counted.';

/** The tab's memory after a run: measuring (undefined), not measurable (null), or MB. */
export function tabMemoryText(bytes: number | null | undefined): string {
  if (bytes === undefined) return 'measuring…';
  if (bytes === null) return '—';
  return `${Math.round(bytes / 2 ** 20).toLocaleString('en')} MB`;
}
