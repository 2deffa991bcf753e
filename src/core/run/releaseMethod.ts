/**
 * A release read from a file against the method it names (the CLI's `evaluate`): the method must
 * exist, the model and kind be the method's, and the params be the method's declared ones, each of
 * its declared JSON type and within its range, every one present except documents (`text` params
 * such as a constraints file, which a release need not repeat) and params a given document makes
 * moot (ParamSpec.unlessGiven: apriori-km's `f` and `order` beside a given hierarchy). The verifier then trusts the
 * params it reads (k, m, p, l, s). Errors name the JSON path, as the shape check does.
 */
import { InputError } from '../base/errors.ts';
import { resolveParams } from '../methods/params.ts';
import { findMethod, listMethods } from '../methods/registry.ts';
import type { ParamSpec } from '../methods/types.ts';
import { describeValue } from '../release/jsonShape.ts';
import { ReleaseFormatError } from '../release/parseRelease.ts';
import type { Release } from '../release/types.ts';

const JSON_TYPE: Record<ParamSpec['type'], string> = {
  int: 'number',
  number: 'number',
  string: 'string',
  text: 'string',
  boolean: 'boolean',
};

export function checkReleaseMethod(release: Release, file: string): void {
  const fail = (path: string, problem: string): never => {
    throw new ReleaseFormatError(file, `${path}: ${problem}`);
  };
  const spec = findMethod(release.method);
  if (!spec)
    return fail(
      'method',
      `expected one of ${listMethods()
        .map((m) => m.id)
        .join(', ')}, found ${describeValue(release.method)}`,
    );
  if (release.model !== spec.model)
    fail('model', `${spec.id} releases are of model "${spec.model}", found "${release.model}"`);
  if (release.kind !== spec.releaseKind)
    fail('kind', `${spec.id} releases are of kind "${spec.releaseKind}", found "${release.kind}"`);
  if (!spec.needsSensitive && release.sensitive.length > 0)
    fail('sensitive', `${spec.id} releases name no sensitive items, found ${release.sensitive.length}`);
  const declared = new Map(spec.params.map((p) => [p.name, p]));
  for (const [name, value] of Object.entries(release.params)) {
    const p = declared.get(name);
    if (!p)
      fail(
        `params.${name}`,
        `${spec.id} has no such parameter (it takes ${[...declared.keys()].join(', ')})`,
      );
    else if (typeof value !== JSON_TYPE[p.type])
      fail(`params.${name}`, `expected a ${JSON_TYPE[p.type]}, found ${describeValue(value)}`);
  }
  const moot = (p: ParamSpec) => {
    const document = p.unlessGiven === undefined ? undefined : release.params[p.unlessGiven];
    return typeof document === 'string' && document !== '';
  };
  for (const p of spec.params)
    if (p.type !== 'text' && !(p.name in release.params) && !moot(p))
      fail(`params.${p.name}`, `expected a ${JSON_TYPE[p.type]}, found nothing (the field is missing)`);
  try {
    resolveParams(spec, release.params);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const name = /--(\w[\w-]*)/.exec(error.message)?.[1];
    fail(name ? `params.${name}` : 'params', error.message);
  }
}
