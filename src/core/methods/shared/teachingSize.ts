/**
 * What every method with a teaching stepper states in its spec: its run records its steps, on
 * datasets of at most TEACHING_ROWS rows (core/teach/trace.ts; the run pipeline refuses larger
 * datasets before any work).
 */
import { TEACHING_ROWS } from '../../teach/trace.ts';
import type { MethodTeach } from '../types.ts';

export const TEACHING: MethodTeach = { maxRows: TEACHING_ROWS };
