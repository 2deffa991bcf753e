/**
 * Opening a stepper's link (teachLink.ts): its settings and step go into the Teach state, and its
 * data is made the active dataset: a worked example already loaded is selected, else loaded; a
 * file is found among the loaded (or restored) datasets by name, and when it is not there the
 * Teach state names it (`missing`) and keeps the link's settings until it is loaded. While the data
 * is being found (`opening`) the Teach tab changes nothing, whatever dataset is active: the page a
 * browser restores from its last visit never overrides the link (issue 40). Returns whether the
 * data is there.
 */
import { SAMPLES } from '../load/samples.ts';
import { useWorkbench } from '../load/datasetStore.ts';
import type { TeachLink } from './teachLink.ts';
import { useTeach } from './teachStore.ts';

export async function openTeachLink(link: TeachLink): Promise<boolean> {
  useTeach.getState().apply({
    opening: true,
    missing: null,
    settingsFor: link.sample ?? link.dataset ?? null,
    methodId: link.method,
    values: Object.fromEntries(
      Object.entries(link.params).map(([name, value]) => [`${link.method}.${name}`, value]),
    ),
    ...(link.sensitiveKind && { sensitiveKind: link.sensitiveKind, sensitiveText: link.sensitiveText ?? '' }),
    seed: link.seed,
    step: link.step,
    compareId: link.compare?.method ?? '',
    compareValues: link.compare?.params ?? {},
    sampleRows: link.sampleSize?.rows ?? 0,
    sampleItems: link.sampleSize?.items ?? 0,
  });
  const { datasets, select, loadSample } = useWorkbench.getState();
  const present = datasets.find((d) => (link.sample ? d.sampleId === link.sample : d.name === link.dataset));
  if (present) {
    select(present.id);
    useTeach.getState().apply({ opening: false });
    return true;
  }
  const sample = link.sample ? SAMPLES.find((s) => s.id === link.sample) : undefined;
  if (!sample) {
    useTeach.getState().apply({ opening: false, missing: link.dataset ?? link.sample ?? null });
    return false;
  }
  try {
    await loadSample(sample);
  } finally {
    useTeach.getState().apply({ opening: false });
  }
  return true;
}

/** Holds the Teach tab still from the start, before the link is opened (the page restores first). */
export function holdForLink(): void {
  useTeach.getState().apply({ opening: true });
}
