/**
 * A release and its audit read back from their JSON texts, as `evaluate` does before verifying
 * them: the release's shape, then its header against the method it names, then the audit's shape
 * for that kind. Each failure is a ReleaseFormatError naming the file and the JSON path (bad
 * input, exit 2); a release that reads well but does not match its input is the verifier's to
 * report (`verified: false`).
 */
import { parseAudit, parseRelease } from '../release/parseRelease.ts';
import type { Audit, Release } from '../release/types.ts';
import { checkReleaseMethod } from './releaseMethod.ts';

export interface JsonFile {
  text: string;
  file: string;
}

export function readRelease(release: JsonFile, audit: JsonFile): { release: Release; audit: Audit } {
  const parsed = parseRelease(release.text, release.file);
  checkReleaseMethod(parsed, release.file);
  return { release: parsed, audit: parseAudit(audit.text, audit.file, parsed.kind, parsed.model) };
}
