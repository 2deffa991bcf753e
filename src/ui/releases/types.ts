/**
 * A release kind's viewer (DESIGN.md sec. 4), found through the registry keyed by kind
 * (registry.ts): what its verifier guaranteed, in words, what its classes are called, and the view
 * of a finished run's release. The run view never branches on a kind.
 */
import type { ComponentType } from 'react';
import type { RunResult } from '../../../workers/engineTypes.ts';

export interface ReleaseViewProps {
  datasetId: string;
  run: RunResult;
}

export interface ReleaseViewer {
  /** What the verifier checked (DESIGN.md sec. 4), e.g. "every group has degree ≥ p". */
  guarantee: string;
  /** What the release's classes are called in the run's summary line. */
  unit: string;
  View: ComponentType<ReleaseViewProps>;
}
