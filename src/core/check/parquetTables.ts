/**
 * An exported table written as Parquet (release/export/parquetRelease.ts) read back for Check
 * (exportedTables.ts reads the CSV form): its cells become the same CSV text, so that a groups or
 * buckets export is checked by one reader whichever format it was taken away in. A line number in
 * an error is then the table's row + 1 (the header is line 1).
 */
import { parquetColumnNames, readParquetTable, type AsyncBuffer } from '../data/columnar/readParquet.ts';
import { exportLayoutOf, type ExportLayout } from '../data/exportLayout.ts';
import { writeCsvTable } from '../release/export/csvField.ts';
import { writtenText } from '../release/export/textWriter.ts';
import type { ExportedTable } from './exportedTables.ts';
import { isDisassociatedColumns } from './disassociatedExport.ts';

export async function parquetExportedTable(file: AsyncBuffer, name: string): Promise<ExportedTable> {
  const { columns, rows } = await readParquetTable(file, name);
  return { name, text: writtenText((out) => writeCsvTable(out, columns, rows)) };
}

/** The export layout a Parquet file's columns are (its footer only), or null for data. */
export async function parquetExportLayout(file: AsyncBuffer, name: string): Promise<ExportLayout | null> {
  return exportLayoutOf(await parquetColumnNames(file, name));
}

/** Whether a Parquet file's columns (its footer only) are a disassociated release's table. */
export async function isDisassociatedParquet(file: AsyncBuffer, name: string): Promise<boolean> {
  return isDisassociatedColumns(await parquetColumnNames(file, name));
}
