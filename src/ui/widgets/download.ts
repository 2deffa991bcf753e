/** Saves text or a Blob as a file through a temporary object URL (nothing leaves the browser). */
export function download(fileName: string, content: string | Blob, type = 'text/plain'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A file's name without its extension (and without `.gz`), to name what is made from it:
 * `groceries.csv` -> `groceries` (so an export is `...groceries.csv`, never `...groceries.csv.csv`),
 * `BMS1.dat.gz` -> `BMS1`.
 */
export function fileStem(fileName: string): string {
  const stem = fileName.replace(/\.gz$/i, '').replace(/\.[^.]+$/, '');
  return stem === '' ? fileName : stem;
}
