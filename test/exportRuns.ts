/**
 * The `anonymize` command lines that make the exports read back by Check (issue 32): a groups
 * export (gray-cahd, p = 4 over 3 items of moderate support, on the groceries sample: FILE and
 * FILE-sensitive beside it) and a buckets export (multi-anatomy, l = 2, on the anatomy sample of
 * Table 1a). Plain argument lists, so that the CLI tests (in process) and the e2e specs (spawned)
 * make the same files; `more` adds flags (`--export-format parquet-long`).
 */

/** `anonymize` of the groceries sample by gray-cahd (p = 4, --sensitive-band 3), exported to `file`. */
export function groupsExportArgs(out: string, file: string, ...more: string[]): string[] {
  return [
    'anonymize',
    'public/samples/groceries.csv',
    ...['--method', 'gray-cahd', '--p', '4', '--sensitive-band', '3'],
    ...['--out', out, '--export', file, ...more],
  ];
}

/** `anonymize` of the anatomy sample (Table 1a) by multi-anatomy (l = 2), exported to `file`. */
export function bucketsExportArgs(out: string, file: string, ...more: string[]): string[] {
  return [
    'anonymize',
    'public/samples/anatomy-table1a.csv',
    ...['--method', 'multi-anatomy', '--l', '2'],
    ...['--out', out, '--export', file, ...more],
  ];
}

/**
 * `anonymize` of `data` by disassociation (k = 3, m = 2, clusters of at most 10 rows; `--safe` for
 * the safe variant), its release in `out` and its table exported to `file`.
 */
export function disassociatedExportArgs(
  data: string,
  out: string,
  file: string,
  ...more: string[]
): string[] {
  return [
    'anonymize',
    data,
    ...['--method', 'disassociation', '--k', '3', '--m', '2', '--maxCluster', '10'],
    ...['--out', out, '--export', file, ...more],
  ];
}
