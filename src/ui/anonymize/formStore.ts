/**
 * The Anonymize form's settings (zustand, saved in localStorage): the method, every parameter
 * typed so far (by `method.param`), the seed, the memory budget, the sensitive-item choice and the
 * metrics. They live
 * outside the panel so that a tab switch (which unmounts it) and a reload keep the run the user was
 * setting up (issue 32: the form forgot its method and parameters on a tab switch). `exampleFor`:
 * the saved dataset source whose worked-example settings the form last took (samples.ts), so that
 * an example sets the form once when it is opened, not on every return to the tab.
 * The seed is kept per dataset and method (`seeds`, by seedKey): a seed set for one method on one
 * file names that run and its downloads, and does not carry over to another method or file, which
 * start from seed 1 (the CLI's default) until one is set for them.
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
  /** The seed set for each dataset and method (seedKey); absent: 1. */
  seeds: Record<string, number>;
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

/** The key of a seed: the dataset's saved source and the method. */
export const seedKey = (sourceKey: string, methodId: string) => `${sourceKey} ${methodId}`;

/** The seed of a dataset and method: the one set for them, else 1. */
export const seedOf = (settings: Pick<FormSettings, 'seeds'>, sourceKey: string, methodId: string): number =>
  settings.seeds?.[seedKey(sourceKey, methodId)] ?? 1;

interface FormState extends FormSettings {
  change(settings: Partial<FormSettings>): void;
  setValues(update: (values: Record<string, ParamValue>) => Record<string, ParamValue>): void;
}

/** localStorage that never throws (private windows, a full quota): the form then lasts the visit. */
export const quietStorage: StateStorage = {
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
      seeds: {},
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
