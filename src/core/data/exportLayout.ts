/**
 * The layouts the workbench exports for releases that are not rows of items (DESIGN.md sec. 4
 * "Exported data"), recognised by their header line so that a file taken away and loaded back is
 * read as what it is, never as relational data (issue 32: a gray-cahd export read back as the items
 * `group=[1,26.1)`, and Check answered k = 1):
 * - `groups`: `group,row,item`, the QID rows of each group (Anatomy's first table); its sensitive
 *   counts are `NAME-sensitive.csv` beside it, `group,item,count` (`groups-sensitive`);
 * - `buckets`: `bucket,row,column,item`, every published cell of a multi-anatomy release.
 * As data, both are csv-long over their `row` column (a row's items; a bucket row's items of every
 * column); Check reads them whole (check/exportedTables.ts).
 */

export type ExportLayout = 'groups' | 'groups-sensitive' | 'buckets';

const HEADERS: Record<ExportLayout, string> = {
  groups: 'group,row,item',
  'groups-sensitive': 'group,item,count',
  buckets: 'bucket,row,column,item',
};

/** The export layout whose header `fields` are (trimmed, unquoted), or null. */
export function exportLayoutOf(fields: readonly string[]): ExportLayout | null {
  const header = fields.map((f) => f.trim().replace(/^"|"$/g, '')).join(',');
  for (const [layout, expected] of Object.entries(HEADERS) as [ExportLayout, string][])
    if (header === expected) return layout;
  return null;
}

/** The export layout of a text whose first line is its header (a BOM or CR allowed), or null. */
export function exportLayoutOfText(head: string): ExportLayout | null {
  const firstLine = head
    .replace(/^\uFEFF/, '')
    .split('\n', 1)[0]
    .replace(/\r$/, '');
  return exportLayoutOf(firstLine.split(','));
}

/**
 * The name of a groups export's sensitive table beside `name` (`g.csv` -> `g-sensitive.csv`,
 * `g.parquet` -> `g-sensitive.parquet`).
 */
export function sensitiveTableName(name: string): string {
  const match = /\.(csv|parquet)$/i.exec(name);
  return match ? `${name.slice(0, match.index)}-sensitive${match[0]}` : `${name}-sensitive.csv`;
}

/** The QID table a sensitive table belongs to (`g-sensitive.csv` -> `g.csv`), or null. */
export function qidTableName(sensitiveName: string): string | null {
  const match = /-sensitive(\.(csv|parquet))$/i.exec(sensitiveName);
  return match ? `${sensitiveName.slice(0, match.index)}${match[1]}` : null;
}

/** The header each layout starts with, for messages. */
export function layoutHeader(layout: ExportLayout): string {
  return HEADERS[layout];
}
