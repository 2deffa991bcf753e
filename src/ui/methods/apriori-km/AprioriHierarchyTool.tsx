/** apriori-km's form tool: generalize over the hierarchy beside the dataset, or a built one. */
import { HierarchyParamTool } from '../../hierarchy/HierarchyParamTool.tsx';
import type { MethodFormProps } from '../types.ts';

export function AprioriHierarchyTool(props: MethodFormProps) {
  return (
    <HierarchyParamTool
      {...props}
      purpose="as the hierarchy items generalize over"
      without="apriori-km builds a balanced one from f and order (by default over items of like support)."
    />
  );
}
