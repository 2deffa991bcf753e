/**
 * A shaped synthetic file on disk for the benchmarks (the same rows as `cli generate --shape`,
 * src/core/data/syntheticShape.ts), written once and streamed 20,000 lines at a time.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { generateShape, type ShapeParams } from '../src/core/data/syntheticShape.ts';
import { fimiLine } from '../src/core/data/syntheticRows.ts';

export async function writeShapeFile(file: string, shape: ShapeParams): Promise<void> {
  if (existsSync(file)) return;
  const out = createWriteStream(file);
  let lines: string[] = [];
  generateShape(shape, (row) => {
    lines.push(fimiLine(row));
    if (lines.length === 20_000) {
      out.write(lines.join('\n') + '\n');
      lines = [];
    }
  });
  if (lines.length) out.write(lines.join('\n') + '\n');
  await new Promise<void>((resolve) => out.end(resolve));
}
