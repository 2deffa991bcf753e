/**
 * A release kind's viewer (DESIGN.md sec. 4), found through the registry keyed by kind
 * (registry.ts): what its verifier guaranteed, in words, what its classes are called, the data it
 * can be downloaded as (formats, and what its files hold), and the view of a finished run's
 * release. The run view never branches on a kind.
 */
import type { ComponentType } from 'react';
import type { ExportFormat } from '../../core/release/export/types.ts';
import type { RunResult } from '../../../workers/engineTypes.ts';
import type { PrivacyModel } from '../../core/release/types.ts';

/** The data a release of this kind is downloaded as (DESIGN.md sec. 4 "Exported data"). */
export interface ReleaseDownloads {
  /** Formats it can be written in; the input's own is offered first when it is one of them. */
  formats: readonly ExportFormat[];
  /** What its files hold, in one sentence for the page. */
  about: string;
}

export interface ReleaseViewProps {
  datasetId: string;
  run: RunResult;
}

export interface ReleaseViewer {
  /** What the verifier checked (DESIGN.md sec. 4), e.g. "every group has degree ≥ p". */
  guarantee: string;
  /** Where models sharing the kind guarantee different things: the words for each (guaranteeOf). */
  guaranteeByModel?: Partial<Record<PrivacyModel, string>>;
  /** What the release's classes are called in the run's summary line. */
  unit: string;
  /** False when the release publishes no rows (itemsets): the summary line counts only its units. */
  countsRows?: boolean;
  downloads: ReleaseDownloads;
  View: ComponentType<ReleaseViewProps>;
}

/** What a run of `model` released as this kind was verified to guarantee. */
export function guaranteeOf(viewer: ReleaseViewer, model: PrivacyModel | undefined): string {
  return (model && viewer.guaranteeByModel?.[model]) ?? viewer.guarantee;
}
