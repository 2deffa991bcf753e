/**
 * Beside a method's form: use the hierarchy loaded or built beside the dataset (Overview tab) as
 * the method's `hierarchy` parameter, or go back to none. Shared by apriori-km (what items generalize
 * to) and COAT (UL's weights).
 */
import { useWorkbench } from '../load/datasetStore.ts';
import type { MethodFormProps } from '../methods/types.ts';

export function HierarchyParamTool({
  datasetId,
  request,
  setParams,
  purpose,
  without,
}: MethodFormProps & { purpose: string; without: string }) {
  const hierarchy = useWorkbench((s) => s.datasets.find((d) => d.id === datasetId)?.hierarchy);
  const current = String(request.params.hierarchy ?? '');
  if (!hierarchy)
    return (
      <p className="muted small" data-testid="hierarchy-param">
        No hierarchy beside this dataset: {without} Load or build one in the Overview tab to use and see it.
      </p>
    );
  const using = current === hierarchy.text;
  return (
    <p className="small" data-testid="hierarchy-param">
      {using ? (
        <>
          <span data-testid="hierarchy-in-use">
            Using <b>{hierarchy.name}</b> {purpose}.
          </span>{' '}
          <button type="button" onClick={() => setParams({ hierarchy: '' })}>
            Use none
          </button>
        </>
      ) : (
        <button
          type="button"
          data-testid="use-hierarchy"
          onClick={() => setParams({ hierarchy: hierarchy.text })}
        >
          Use {hierarchy.name} {purpose}
        </button>
      )}
    </p>
  );
}
