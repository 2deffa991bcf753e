/**
 * The recorder a method's own code path reports its steps to (after tracers.js's `Tracer.delay()`:
 * the algorithm decides where a step ends). It reaches a method through its RunContext: production
 * runs get NO_RECORDER, whose `on` is false, so every call site (`if (rec.on) rec.step(...)`) costs
 * one property read and builds nothing; a teaching run (core/run/teachRun.ts) gets a StepRecorder.
 * A step's state is built when it is recorded, from the algorithm's own structures as they stand
 * (a snapshot: new arrays, never a view the algorithm goes on changing).
 */
import type { Step } from './trace.ts';

export interface Recorder {
  /** Whether steps are recorded: false in production runs. */
  readonly on: boolean;
  step(step: Step): void;
}

export const NO_RECORDER: Recorder = { on: false, step() {} };

/** Keeps the first `maxSteps` steps and counts the rest. */
export class StepRecorder implements Recorder {
  readonly on = true;
  readonly steps: Step[] = [];
  omitted = 0;

  constructor(private readonly maxSteps: number) {}

  step(step: Step): void {
    if (this.steps.length < this.maxSteps) this.steps.push(step);
    else this.omitted++;
  }
}
