/**
 * Writing a release as JSON for download (DESIGN.md sec. 4, keys in the documented order). The
 * release as data in the input formats is in export/.
 */
import type { Release } from './types.ts';

export function releaseJson(release: Release): string {
  return JSON.stringify(release, null, 1);
}
