/**
 * The recorder a method's own code path reports its steps to (after tracers.js's `Tracer.delay()`:
 * the algorithm decides where a step ends). It reaches a method through its RunContext: production
 * runs get NO_RECORDER, whose `on` is false, so every call site (`if (rec.on) rec.step(...)`) costs
 * one property read and builds nothing; a teaching run (core/run/teachRun.ts) gets a StepRecorder.
 * A step's state is built when it is recorded, from the algorithm's own structures as they stand
 * (a snapshot: new arrays, never a view the algorithm goes on changing).
 */
import type { Step } from './trace.ts';
import { stepCells } from './traceSize.ts';

export interface Recorder {
  /** Whether steps are recorded: false in production runs. */
  readonly on: boolean;
  /**
   * The paper's worked example the data are (teach/paperExamples.ts), when they are one: a step
   * whose state departs from that paper's figure says where and why.
   */
  readonly example?: string;
  step(step: Step): void;
}

export const NO_RECORDER: Recorder = { on: false, step() {} };

/**
 * Keeps the first `maxSteps` steps and counts the rest; and at most `maxCells` drawn cells
 * (traceSize.ts): once a step would pass them, it and every later step are left out, and `on`
 * turns false so that the method builds no more steps (the later ones are not counted).
 */
export class StepRecorder implements Recorder {
  readonly steps: Step[] = [];
  omitted = 0;
  cells = 0;
  /** Whether the cell limit stopped the recording. */
  full = false;

  constructor(
    private readonly maxSteps: number,
    private readonly maxCells = Number.POSITIVE_INFINITY,
    readonly example?: string,
  ) {}

  get on(): boolean {
    return !this.full;
  }

  step(step: Step): void {
    if (this.full || this.steps.length >= this.maxSteps) {
      this.omitted++;
      return;
    }
    const cells = Number.isFinite(this.maxCells) ? stepCells(step) : 0;
    if (this.cells + cells > this.maxCells) {
      this.full = true;
      this.omitted++;
      return;
    }
    this.cells += cells;
    this.steps.push(step);
  }
}
