/** diffpart's form tool: partition over the hierarchy beside the dataset (the public item domain), or a built one. */
import { HierarchyParamTool } from '../../hierarchy/HierarchyParamTool.tsx';
import type { MethodFormProps } from '../types.ts';

export function DiffPartHierarchyTool(props: MethodFormProps) {
  return (
    <HierarchyParamTool
      {...props}
      purpose="as the public item domain and the taxonomy DiffPart partitions over"
      without="DiffPart builds a balanced taxonomy of fan-out f over the data's items (taken as the public domain)."
    />
  );
}
