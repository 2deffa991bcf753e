/**
 * What a method's UI folder (src/ui/methods/<id>/) may add to the page, found through the registry
 * keyed by method id (registry.ts): tools beside the form, extras with a finished run. (Every
 * method's teaching stepper is the Teach tab, src/ui/teach/, drawn from its trace.) The Anonymize
 * panel and the run view never name a method.
 */
import type { ComponentType } from 'react';
import type { ParamValue } from '../../core/methods/types.ts';
import type { ExtraRequest } from '../../core/run/runExtra.ts';
import type { RunResult } from '../../../workers/engineTypes.ts';

/** The Anonymize form as it stands: the request a run would send now. */
export type FormRequest = Omit<ExtraRequest, 'extra' | 'args'>;

export interface MethodFormProps {
  datasetId: string;
  request: FormRequest;
  /** Sets parameters of this method in the form (e.g. the constraints a tool produced). */
  setParams: (values: Record<string, ParamValue>) => void;
}

export interface MethodRunProps {
  datasetId: string;
  run: RunResult;
}

export interface MethodViews {
  /** The method's tools beside the form (e.g. Pgen for COAT). */
  FormTools?: ComponentType<MethodFormProps>;
  /** Shown with a finished run of the method (e.g. the phi² heatmap of multi-anatomy). */
  RunExtras?: ComponentType<MethodRunProps>;
}
