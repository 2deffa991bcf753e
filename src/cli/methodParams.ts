/**
 * A method on the command line, shared by `anonymize`, `distribute`, `tasks` and `teach`: the
 * method a command line names (its declarations depend on it), its params as flags (every
 * MethodSpec param is a flag `--<name> value`, declared by its ParamSpec: flagSpec.ts flagOfParam),
 * and their values as a request takes them: a `text` param (a constraints file, a hierarchy) is
 * given as a file path and passed on as the file's content; `files` keeps the paths, so that a
 * record can name the file and a parse error in it can point at it.
 */
import { findMethod, METHODS } from '../core/methods/registry.ts';
import type { MethodSpec, ParamValue } from '../core/methods/types.ts';
import type { RunRequest } from '../core/run/runRecord.ts';
import { CliError } from './cliError.ts';
import { sensitiveFlags } from './commonFlags.ts';
import { readTextFile } from './fileErrors.ts';
import type { FlagSpec, RawFlags } from './flagSpec.ts';
import type { FlagValues } from './readCommandLine.ts';
import { sensitiveChoice } from './sensitiveFlags.ts';

/** The method of the command line, or a CliError saying what `command` needs. */
export function methodOf(flags: RawFlags, command: string): MethodSpec {
  const id = flags.get('method');
  if (!id) throw new CliError(`${command} needs --method ID (see \`methods\`)`);
  const spec = findMethod(id);
  if (!spec)
    throw new CliError(
      `unknown method '${id}' (known: ${METHODS.map((m) => m.id).join(', ')}; see \`methods\`)`,
    );
  return spec;
}

/** `--method ID`, declared. */
export const METHOD_FLAG: FlagSpec = {
  name: 'method',
  kind: 'string',
  choices: METHODS.map((m) => m.id),
  value: 'ID',
  required: true,
  help: 'the method (see `methods`)',
};

/** The params of the method the flags name, with the values given (text params read). */
export function methodParams(
  values: FlagValues,
  spec: MethodSpec,
): { params: Record<string, ParamValue | undefined>; files: Record<string, string> } {
  const files: Record<string, string> = {};
  const params: Record<string, ParamValue | undefined> = {};
  for (const p of spec.params) {
    if (!values.has(p.name)) continue;
    if (p.type === 'text') {
      const path = values.path(p.name)!;
      files[p.name] = path;
      params[p.name] = readTextFile(path, `--${p.name}`);
    } else if (p.type === 'int') params[p.name] = values.integer(p.name);
    else if (p.type === 'number') params[p.name] = values.number(p.name);
    else if (p.type === 'boolean') params[p.name] = values.boolean(p.name);
    else params[p.name] = values.string(p.name);
  }
  return { params, files };
}

/** A request read from the flags; `files`: the paths its text params were read from (param -> path). */
export type FlagsRequest = RunRequest & { files: Record<string, string> };

/** The request of the method the flags name: its params (text params read), seed, sensitive items. */
export function methodRequest(values: FlagValues, spec: MethodSpec): FlagsRequest {
  const { params, files } = methodParams(values, spec);
  return {
    method: spec.id,
    params,
    files,
    seed: values.integer('seed')!,
    sensitive: sensitiveChoice(values),
  };
}

/** The sensitive-item flags, which apply only to a method with sensitive items (p-degree). */
export function methodSensitiveFlags(spec: MethodSpec): FlagSpec[] {
  return sensitiveFlags({
    when: 'to methods with sensitive items (p-degree)',
    holds: () => spec.needsSensitive,
    refusal: (_, name) => `--${name}: ${spec.id} (${spec.model}) has no sensitive items; leave it out`,
  });
}
