/**
 * Beside a method's form: the hierarchy in force for the dataset (DESIGN.md sec. 7: "one hierarchy
 * is in force per dataset, shown in the form"), loaded or built on the Overview tab, which the
 * method uses as its `hierarchy` parameter without a button to press (issue 32); the way to switch
 * it off for the dataset's runs (the method then builds its own, or does without), and on again.
 * Shared by apriori-km (what items generalize to) and COAT (UL's weights).
 */
import { useWorkbench } from '../load/datasetStore.ts';
import type { MethodFormProps } from '../methods/types.ts';

export function HierarchyParamTool({
  datasetId,
  purpose,
  without,
}: MethodFormProps & { purpose: string; without: string }) {
  const entry = useWorkbench((s) => s.datasets.find((d) => d.id === datasetId));
  const setOff = useWorkbench((s) => s.setHierarchyOff);
  const hierarchy = entry?.hierarchy;
  if (!hierarchy)
    return (
      <p className="muted small" data-testid="hierarchy-param">
        No hierarchy beside this dataset: {without} Load or build one in the Overview tab to use and see it.
      </p>
    );
  if (entry.hierarchyOff)
    return (
      <p className="small" data-testid="hierarchy-param">
        The hierarchy {hierarchy.name} is switched off for this dataset: {without}{' '}
        <button type="button" data-testid="hierarchy-on" onClick={() => setOff(datasetId, false)}>
          Use {hierarchy.name} {purpose}
        </button>
      </p>
    );
  return (
    <p className="small" data-testid="hierarchy-param">
      <span data-testid="hierarchy-in-use">
        Using <b>{hierarchy.name}</b> (the dataset&apos;s hierarchy, Overview tab) {purpose}.
      </span>{' '}
      <button type="button" data-testid="hierarchy-off" onClick={() => setOff(datasetId, true)}>
        Switch it off
      </button>
    </p>
  );
}
