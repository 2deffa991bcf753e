/**
 * The partition check every verifier starts with (DESIGN.md sec. 4): every input row appears
 * exactly once in the audit. Problems name the first rows missing or repeated. The audit's rows
 * come in parts (a groups or buckets audit's lists, or one list of a row audit), read in place.
 */
export function checkPartition(n: number, parts: readonly (readonly unknown[])[]): string[] {
  const seen = new Uint8Array(n);
  const repeated: unknown[] = [];
  const outOfRange: unknown[] = [];
  for (const rows of parts) {
    if (!Array.isArray(rows)) {
      outOfRange.push(rows);
      continue;
    }
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (typeof r !== 'number' || !Number.isInteger(r) || r < 0 || r >= n) outOfRange.push(r);
      else if (seen[r]++ > 0) repeated.push(r);
    }
  }
  const missing: number[] = [];
  for (let r = 0; r < n && missing.length < 5; r++) if (seen[r] === 0) missing.push(r);
  const problems: string[] = [];
  const list = (rows: unknown[]) => rows.slice(0, 5).join(', ') + (rows.length > 5 ? ', …' : '');
  if (missing.length) problems.push(`input rows missing from the release: ${list(missing)}`);
  if (repeated.length) problems.push(`input rows published more than once: ${list(repeated)}`);
  if (outOfRange.length) problems.push(`audit names rows that do not exist: ${list(outOfRange)}`);
  return problems;
}
