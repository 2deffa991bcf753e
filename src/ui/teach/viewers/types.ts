/**
 * What every drawing viewer gets (one viewer per drawing kind, registry.ts): the step's state,
 * the ids of what the step changed, and whether it is shown large (the presentation mode).
 */
import type { Drawing } from '../../../core/teach/trace.ts';

export interface ViewerProps<D extends Drawing = Drawing> {
  state: D;
  changed: ReadonlySet<string>;
  big: boolean;
}
