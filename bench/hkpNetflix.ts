/**
 * The `hkp` section's second table (issue 41: "both on the full 410,201-row Netflix-like file of
 * the scale benchmark within 10 minutes of CPU each"): (h,k,p)-coherence at h = 0.5, k = 5, p = 2
 * on the Netflix shape (`generate --shape netflix`, the file bench/scale.ts and the disassociation
 * section write), each `txanon anonymize` a fresh process under GNU time (bench/cliCpu.ts), its CPU
 * as a ratio to a `stats` process on the same file run just before, with the 10 most frequent items
 * private (the setting) and with 10 drawn at random (seed 1), where the pair level of the
 * mole search does its work: on this shape the 10 most frequent make every public item a size-1
 * mole (notes/hkp-coherence.md).
 */
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { SHAPES } from '../src/core/data/syntheticShape.ts';
import { cliCpu } from './cliCpu.ts';
import { writeShapeFile } from './shapeFile.ts';

const NETFLIX = '.tmp/bench/scale/netflix-410201.dat';
const LIMIT_S = 600;

const PRIVATE = [
  { label: 'the 10 most frequent', flag: '--sensitive-top' },
  { label: '10 at random (seed 1)', flag: '--sensitive-random' },
];

interface RunRecord {
  verified: boolean;
  occurrences_lost?: number;
  summary: { items_suppressed: number };
  notes?: Record<string, unknown>;
}

export async function benchHkpNetflix(): Promise<string> {
  mkdirSync('.tmp/bench/scale', { recursive: true });
  await writeShapeFile(NETFLIX, SHAPES.netflix);
  console.error('hkp bench: Netflix shape…');
  const stats = cliCpu(['stats', NETFLIX]).cpuSeconds;
  const rows = PRIVATE.map(({ label, flag }) => {
    const run = cliCpu([
      'anonymize',
      NETFLIX,
      '--method',
      'hkp-coherence',
      '--h',
      '0.5',
      '--k',
      '5',
      '--p',
      '2',
      flag,
      '10',
      '--out',
      '.tmp/bench-hkp-netflix.json',
      '--quiet',
    ]);
    if (run.code !== 0) throw new Error(`hkp-coherence on ${NETFLIX} (${label}) failed (exit ${run.code})`);
    const record = JSON.parse(run.stdout) as RunRecord;
    const moles = record.notes?.['minimal moles by size'];
    return `| ${label} | ${run.cpuSeconds.toFixed(1)} | **${(run.cpuSeconds / stats).toFixed(1)}** | ${run.cpuSeconds <= LIMIT_S ? 'yes' : 'NO'} | ${run.peakMb} | ${record.verified ? 'yes' : 'NO'} | ${(record.occurrences_lost ?? 0).toLocaleString('en')} | ${record.summary.items_suppressed.toLocaleString('en')} | ${moles === undefined ? '–' : String(moles)} |`;
  });
  return [
    '### (h,k,p)-coherence on the Netflix shape (hkp)',
    '',
    `The 410,201-row Netflix shape (\`generate --shape netflix\`), h = 0.5, k = 5, p = 2; each run a fresh \`txanon anonymize\` process under GNU time (user + system; load ${loadavg()[0].toFixed(1)} on ${cpus().length} shared cores when the table ended); "/ stats": its CPU over a \`stats\` process on the same file (${stats.toFixed(1)} s). The issue's limit: 10 minutes of CPU.`,
    '',
    '| private items | CPU s | / stats | within 10 min | peak MB | verified | occurrences suppressed | public items suppressed | minimal moles by size |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
