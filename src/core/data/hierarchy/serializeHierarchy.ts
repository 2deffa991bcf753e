/**
 * Writes a hierarchy as the file DESIGN.md sec. 7 reads: one line per item, `item;level1;...;root`,
 * CSV quoting where a name needs it (papaparse). An item nearer the root than the others (a file's
 * identity steps, `Male;Male;*`) is written with its name repeated, so all lines keep one length and
 * parseHierarchy reads back the same tree.
 */
import Papa from 'papaparse';
import { ancestorsOf, type Hierarchy } from './hierarchy.ts';

export function serializeHierarchy(h: Hierarchy): string {
  const lines: string[][] = [];
  for (let item = 0; item < h.items; item++) {
    const path = [item, ...ancestorsOf(h, item)].map((node) => h.labels[node]);
    while (path.length < h.height) path.unshift(h.labels[item]);
    lines.push(path);
  }
  return Papa.unparse(lines, { delimiter: ';', newline: '\n' }) + '\n';
}
