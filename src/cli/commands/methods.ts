/** `methods`: the MethodSpecs without `run`, as JSON (DESIGN.md sec. 6). */
import { listMethods } from '../../core/methods/registry.ts';
import type { MethodInfo } from '../../core/methods/types.ts';
import type { CommandSpec } from '../flagSpec.ts';

export const methodsCommand: CommandSpec<MethodInfo[]> = {
  name: 'methods',
  summary: 'the methods and their parameters, as JSON',
  positional: [],
  flags: [],
  run: () => listMethods(),
};
