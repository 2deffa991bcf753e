/**
 * The Teach tab's state (zustand): which method, its parameters (by method, as the Anonymize form
 * keeps them), the sensitive-item choice, the seed, the step shown, and for which dataset these
 * settings were made (a paper's worked example starts from the paper's settings once, as in the
 * Anonymize form). A link (teachLink.ts) sets all of it at once, the step included.
 */
import { create } from 'zustand';
import type { ParamValue } from '../../core/methods/types.ts';
import type { SensitiveKind } from '../widgets/sensitiveChoice.ts';

export interface TeachSettings {
  /** The sample id or dataset name the settings were made for. */
  settingsFor: string | null;
  methodId: string;
  /** `${method}.${param}` -> value. */
  values: Record<string, ParamValue>;
  sensitiveKind: SensitiveKind;
  sensitiveText: string;
  seed: number;
  /** The step shown (0-based; with a comparison, the tick of the joint walk). */
  step: number;
  /** The method stepped side by side with this one ('' for none; the same method: two settings). */
  compareId: string;
  /** The compared method's parameters set, by name (the others at their defaults). */
  compareValues: Record<string, ParamValue>;
  /** Step through a sample of the file: transactions and most frequent items (0: the whole file). */
  sampleRows: number;
  sampleItems: number;
}

export interface TeachState extends TeachSettings {
  /** A link is loading its data: its settings stand, whatever dataset is active meanwhile. */
  opening: boolean;
  /**
   * A link's loaded file this browser does not hold (by name): its settings stand until a file of
   * that name is loaded, and the page says which file to load.
   */
  missing: string | null;
  /** Replaces the settings (a link, a worked example), the step with them. */
  apply(settings: Partial<TeachSettings & { opening: boolean; missing: string | null }>): void;
  /** A change of method or parameters: the trace changes, so the stepper starts again. */
  edit(settings: Partial<Omit<TeachSettings, 'step'>>): void;
  setStep(step: number): void;
}

export const useTeach = create<TeachState>((set) => ({
  settingsFor: null,
  methodId: '',
  values: {},
  sensitiveKind: 'band',
  sensitiveText: '3',
  seed: 1,
  step: 0,
  compareId: '',
  compareValues: {},
  sampleRows: 0,
  sampleItems: 0,
  opening: false,
  missing: null,
  apply: (settings) => set(settings),
  edit: (settings) => set({ ...settings, step: 0 }),
  setStep: (step) => set({ step }),
}));
