/** `methods`: the MethodSpecs without `run`, as JSON (DESIGN.md sec. 6). */
import { listMethods } from '../../core/methods/registry.ts';
import type { MethodInfo } from '../../core/methods/types.ts';
import { allowOnly, requirePositional, type ParsedArgs } from '../args.ts';

export function methodsCommand(args: ParsedArgs): MethodInfo[] {
  allowOnly(args, []);
  requirePositional(args, 0, 'methods');
  return listMethods();
}
