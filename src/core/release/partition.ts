/**
 * The partition check every verifier starts with (DESIGN.md sec. 4): every input row appears
 * exactly once in the audit. Problems name the first rows missing or repeated. The audit's rows
 * are read in place: a rows audit's rowOf, or a groups or buckets audit's lists one after the
 * other (their `items`).
 */
export function checkPartition(n: number, rows: ArrayLike<number>): string[] {
  const seen = new Uint8Array(n);
  const repeated: number[] = [];
  const outOfRange: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!(r >= 0 && r < n && Number.isInteger(r))) outOfRange.push(r);
    else if (seen[r] === 1) repeated.push(r);
    else seen[r] = 1;
  }
  const missing: number[] = [];
  for (let r = 0; r < n && missing.length < 5; r++) if (seen[r] === 0) missing.push(r);
  const problems: string[] = [];
  const list = (rows: number[]) => rows.slice(0, 5).join(', ') + (rows.length > 5 ? ', …' : '');
  if (missing.length) problems.push(`input rows missing from the release: ${list(missing)}`);
  if (repeated.length) problems.push(`input rows published more than once: ${list(repeated)}`);
  if (outOfRange.length) problems.push(`audit names rows that do not exist: ${list(outOfRange)}`);
  return problems;
}
