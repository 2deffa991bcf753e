/**
 * `teach` bounded like `anonymize` (issue 43, F4): a small file with one long row made every step
 * draw thousands of cells and the trace outgrew one string (exit 1). Now the trace holds at most
 * `limit.cells` drawn cells, stated in the output and set by --memory-mb (core/teach/traceSize.ts);
 * the recorder stops drawing once the next step would pass them (the release is always drawn); the
 * trace is written step by step, byte for byte what JSON.stringify writes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeTraceJson } from '../src/cli/commands/teach.ts';
import { parseText } from '../src/core/data/parsers/index.ts';
import { MemorySink } from '../src/core/release/export/textWriter.ts';
import { teachRun } from '../src/core/run/teachRun.ts';
import { StepRecorder } from '../src/core/teach/recorder.ts';
import type { Step } from '../src/core/teach/trace.ts';
import { stepCells, traceCellLimit } from '../src/core/teach/traceSize.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';

/** 50 rows of 3 items and one of `long` items (F4's shape, smaller). */
function longRowText(long: number): string {
  const rows = Array.from({ length: 50 }, (_, i) => `${i * 3} ${i * 3 + 1} ${i * 3 + 2}`);
  rows.push(Array.from({ length: long }, (_, j) => 1000 + j).join(' '));
  return rows.join('\n') + '\n';
}

const step = (cells: number): Step => ({
  title: 't',
  text: 't',
  cite: 'c',
  state: { kind: 'table', rows: [{ id: 'r', label: 'r', items: Array.from({ length: cells }, String) }] },
  changed: [],
});

describe('teach within a stated size', () => {
  it('the cell limit follows the budget, within its floor and ceiling', () => {
    expect(traceCellLimit(16 * 1024 * 1024)).toBe(87_381);
    expect(traceCellLimit(1024)).toBe(50_000);
    expect(traceCellLimit(64 * 1024 ** 3)).toBe(4_000_000);
  });

  it('the recorder keeps steps while they fit, then turns off', () => {
    const recorder = new StepRecorder(10, 250);
    for (let i = 0; i < 3; i++) recorder.step(step(100));
    expect(recorder.steps).toHaveLength(2);
    expect(recorder.cells).toBe(2 * stepCells(step(100)));
    expect(recorder.on).toBe(false);
    expect(recorder.omitted).toBe(1);
  });

  it('a long row: a trace within the limit, its release drawn, exit 0', async () => {
    const { file, path } = scratch('teach-bounds');
    const data = file('long.dat', longRowText(1500));
    const run = await cliInProcess(
      'teach',
      data,
      '--method',
      'coat',
      '--k',
      '2',
      '--m',
      '2',
      '--memory-mb',
      '24',
      '--out',
      path('t.json'),
    );
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as { steps: number; omitted: number; limit: { cells: number } };
    // The cell limit, not the end of the run, ended the recording.
    expect(printed.omitted).toBeGreaterThan(0);
    expect(printed.limit.cells).toBe(131_072);
    const trace = JSON.parse(readFileSync(path('t.json'), 'utf8')) as { steps: Step[] };
    expect(trace.steps).toHaveLength(printed.steps);
    expect(trace.steps.length).toBeLessThan(300);
    expect(trace.steps.at(-1)!.title).toBe('The release');
    const drawn = trace.steps.slice(0, -1).reduce((sum, s) => sum + stepCells(s), 0);
    expect(drawn).toBeLessThanOrEqual(printed.limit.cells);
  }, 120_000);

  it('the streamed trace is JSON.stringify byte for byte', () => {
    const { dataset } = parseText(longRowText(20), { fileName: 'x.dat' });
    const trace = teachRun(dataset, { method: 'coat', params: { k: 2, m: 2 }, seed: 1 });
    const sink = new MemorySink();
    writeTraceJson(trace, sink);
    expect(sink.text()).toBe(JSON.stringify(trace));
  });
});
