/**
 * Signals (DESIGN.md sec. 8, issue 43 F6): SIGINT, SIGTERM and SIGHUP end a writing command at any
 * point with the old outputs byte for byte as they were, no temporary beside them, and the process
 * ended by the signal. Every writing command but `distribute` (fuzz/signalCases.ts: anonymize with
 * every output, anonymize to Parquet with its second table, apply, sweep, generate, pgen, teach
 * with its deck), each in every phase of its writing, reached through the test hook
 * TXANON_TEST_PAUSE_MS: before the first temporary, once each temporary exists, and once every file
 * is in place (then every file is new). Each run is a process of its own (the CLI from the
 * sources); the signals take turns over the phases, and anonymize's first temporary gets all three.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  interrupted,
  interruptedProblem,
  phasesOf,
  prepareWriter,
  SIGNALS,
  WRITERS,
  type Signal,
  type When,
  type Writer,
} from './fuzz/signalCases.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'txanon-signals-'));

async function problemOf(writer: Writer, signal: Signal, when: When): Promise<string | null> {
  const dir = freshDir();
  const old = prepareWriter(writer, dir);
  const ended = await interrupted(dir, writer.argv, signal, when);
  const expected = 'delayMs' in when ? 'either' : when.phase === 'placed' ? 'new' : 'old';
  return interruptedProblem(writer, dir, old, signal, ended, expected);
}

describe('every writing command, every phase of its writing: old outputs kept, none left, ended by the signal', () => {
  WRITERS.forEach((writer, w) => {
    const phases = phasesOf(writer);
    it(`${writer.name}: ${phases.join(', ')}`, async () => {
      const problems: string[] = [];
      for (const [p, phase] of phases.entries()) {
        // All three in the first temporary's phase of the first writer, then one in turn.
        const signals = w === 0 && p === 1 ? SIGNALS : [SIGNALS[(p + w) % SIGNALS.length]];
        for (const signal of signals) {
          const problem = await problemOf(writer, signal, { phase });
          if (problem) problems.push(`${signal} in '${phase}': ${problem}`);
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    }, 600_000);
  });
});

describe('a signal at staggered moments: killed with the old files, or finished with the new', () => {
  it('anonymize, SIGINT after 0.3 s to 6 s', async () => {
    const outcomes: string[] = [];
    const problems: string[] = [];
    for (const delayMs of [300, 1200, 2500, 4000, 6000]) {
      const dir = freshDir();
      const writer = WRITERS[0];
      const old = prepareWriter(writer, dir);
      const ended = await interrupted(dir, writer.argv, 'SIGINT', { delayMs });
      const problem = interruptedProblem(writer, dir, old, 'SIGINT', ended, 'either');
      if (problem) problems.push(`after ${delayMs} ms: ${problem}`);
      outcomes.push(ended.signal === 'SIGINT' ? 'killed' : 'finished');
    }
    expect(problems, problems.join('\n')).toEqual([]);
    // 0.3 s is before the sources are even loaded: the signal ends it.
    expect(outcomes[0]).toBe('killed');
  }, 300_000);
});
