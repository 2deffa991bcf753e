/** COAT's tools beside the form: Pgen's privacy constraints, and UL's weights from the hierarchy. */
import { HierarchyParamTool } from '../../hierarchy/HierarchyParamTool.tsx';
import type { MethodFormProps } from '../types.ts';
import { PgenButton } from './PgenButton.tsx';

export function CoatTools(props: MethodFormProps) {
  return (
    <>
      <PgenButton {...props} />
      <HierarchyParamTool {...props} purpose="for UL's weights (Def. 3.14)" without="UL's weights are 1." />
    </>
  );
}
