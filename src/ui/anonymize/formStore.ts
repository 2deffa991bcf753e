/**
 * The Anonymize form's settings (zustand, saved in localStorage): the method, every parameter
 * typed so far (by `method.param`), the seed, the memory budget, the sensitive-item choice and the
 * metrics. They live
 * outside the panel so that a tab switch (which unmounts it) and a reload keep the run the user was
 * setting up (issue 32: the form forgot its method and parameters on a tab switch). `exampleFor`:
 * the saved dataset source whose worked-example settings the form last took (samples.ts), so that
 * an example sets the form once when it is opened, not on every return to the tab.
 */
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { ParamValue } from '../../core/methods/types.ts';
import type { SensitiveKind } from '../widgets/sensitiveChoice.ts';
import type { MetricChoice } from './MetricPicker.tsx';
import { defaultMemoryMb } from './memoryDefault.ts';

export interface FormSettings {
  methodId: string;
  values: Record<string, ParamValue>;
  seed: number;
  /** The run's memory budget in MiB (the CLI's --memory-mb; memoryDefault.ts). */
  memoryMb: number;
  sensitiveMode: SensitiveKind;
  sensitiveCount: number;
  sensitiveItems: string;
  metricChoices: Record<string, MetricChoice>;
  exampleFor: string | null;
  /** The sensitive items an example named, as the form wrote them (tokens of its data). */
  exampleSensitive: string | null;
}

interface FormState extends FormSettings {
  change(settings: Partial<FormSettings>): void;
  setValues(update: (values: Record<string, ParamValue>) => Record<string, ParamValue>): void;
}

/** localStorage that never throws (private windows, a full quota): the form then lasts the visit. */
const quietStorage: StateStorage = {
  getItem: (name) => {
    try {
      return localStorage.getItem(name);
    } catch {
      return null;
    }
  },
  setItem: (name, value) => {
    try {
      localStorage.setItem(name, value);
    } catch {
      // too large (a long constraints text) or no storage: kept for this visit only
    }
  },
  removeItem: (name) => {
    try {
      localStorage.removeItem(name);
    } catch {
      // nothing to remove
    }
  },
};

export const useAnonymizeForm = create<FormState>()(
  persist(
    (set) => ({
      methodId: '',
      values: {},
      seed: 1,
      memoryMb: defaultMemoryMb(),
      sensitiveMode: 'band',
      sensitiveCount: 10,
      sensitiveItems: '',
      metricChoices: {},
      exampleFor: null,
      exampleSensitive: null,
      change: (settings) => set(settings),
      setValues: (update) => set((s) => ({ values: update(s.values) })),
    }),
    { name: 'txanon-anonymize-form', version: 1, storage: createJSONStorage(() => quietStorage) },
  ),
);
