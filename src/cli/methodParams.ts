/**
 * A method's parameters from the command line (every MethodSpec param is a flag `--<name> value`):
 * a `text` param (a constraints file, a hierarchy) is given as a file path and passed on as the
 * file's content; `files` keeps the paths, so that a record can name the file and a parse error in
 * it can point at it. Shared by `anonymize` and `teach`.
 */
import { readFileSync } from 'node:fs';
import type { MethodSpec } from '../core/methods/types.ts';
import type { ParsedArgs } from './args.ts';
import { CliError } from './cliError.ts';

export function methodParams(
  args: ParsedArgs,
  spec: MethodSpec,
): { params: Record<string, string | undefined>; files: Record<string, string> } {
  const files: Record<string, string> = {};
  const params = Object.fromEntries(
    spec.params.map((p) => {
      const value = args.flags.get(p.name);
      if (p.type !== 'text' || value === undefined) return [p.name, value];
      files[p.name] = value;
      try {
        return [p.name, readFileSync(value, 'utf8')];
      } catch {
        throw new CliError(`${value}: cannot read the file given to --${p.name}`);
      }
    }),
  );
  return { params, files };
}
