import { withoutExtension } from '../../core/release/export/fileName.ts';

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

/** A file's name without its extension and `.gz` (the file's own name when nothing is left). */
export function fileStem(fileName: string): string {
  return withoutExtension(fileName) || fileName;
}
