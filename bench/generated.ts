/**
 * The generated 1,000,000-transaction FIMI file the benchmarks share (T10 I4 N1000, IBM Quest
 * style, seed 1), written once into .tmp/bench.
 */
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { generateQuest, type QuestParams } from '../src/core/data/synthetic.ts';

export const WORK = '.tmp/bench';
export const GENERATED = `${WORK}/T10I4D1000K-N1000.dat`;

export async function generateLarge(): Promise<void> {
  await generateQuestFile(GENERATED, { D: 1_000_000, T: 10, I: 4, N: 1000, L: 2000, seed: 1 });
}

/** A Quest file (FIMI, items sorted in each row) written once at `path`. */
export async function generateQuestFile(path: string, params: QuestParams): Promise<void> {
  if (existsSync(path)) return;
  mkdirSync(WORK, { recursive: true });
  const out = createWriteStream(path);
  let lines: string[] = [];
  generateQuest(params, (row) => {
    lines.push(row.sort((a, b) => a - b).join(' '));
    if (lines.length === 20_000) {
      out.write(lines.join('\n') + '\n');
      lines = [];
    }
  });
  if (lines.length) out.write(lines.join('\n') + '\n');
  await new Promise<void>((resolve) => out.end(resolve));
}
