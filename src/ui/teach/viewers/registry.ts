/**
 * One viewer per drawing kind (after algorithm-visualizer's tracer/renderer pairs): the stepper
 * finds a step's viewer here by its state's kind, never by the method. A new drawing kind adds its
 * viewer file and one line here.
 */
import type { ComponentType } from 'react';
import type { Drawing, DrawingKind } from '../../../core/teach/trace.ts';
import { BucketsViewer } from './BucketsViewer.tsx';
import { LatticeViewer } from './LatticeViewer.tsx';
import { MatrixViewer } from './MatrixViewer.tsx';
import { PairsViewer } from './PairsViewer.tsx';
import { TableViewer } from './TableViewer.tsx';
import type { ViewerProps } from './types.ts';

const VIEWERS: { readonly [K in DrawingKind]: ComponentType<ViewerProps<Extract<Drawing, { kind: K }>>> } = {
  matrix: MatrixViewer,
  table: TableViewer,
  lattice: LatticeViewer,
  pairs: PairsViewer,
  buckets: BucketsViewer,
};

/** The viewers by drawing kind (each takes exactly the drawings of its kind). */
export const DRAWING_VIEWERS = VIEWERS as Readonly<Record<DrawingKind, ComponentType<ViewerProps>>>;
