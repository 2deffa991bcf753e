/**
 * The page's default memory budget (DESIGN.md sec. 6, the CLI's --memory-mb): a quarter of the
 * device's memory as the browser reports it (navigator.deviceMemory, GB, which Chromium rounds and
 * caps at 8), at most 4 GB, and 1 GB where the browser does not say. The Anonymize form offers it
 * as a setting; a run that needs more refuses before allocating and names a budget that fits.
 */
export function defaultMemoryMb(): number {
  const gb = (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
  if (!gb || !Number.isFinite(gb) || gb <= 0) return 1024;
  return Math.min(4096, Math.max(256, Math.round((gb * 1024) / 4)));
}
