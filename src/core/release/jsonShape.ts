/**
 * A small validator of JSON shapes: a value read from a file (a release, an audit) is checked
 * against a declared shape before any code reads it, and the first mismatch is named by its JSON
 * path, e.g. `groups[3].qid[0][1]: expected a string, found null`. Objects may carry fields the
 * shape does not name; everything named is checked (parseRelease.ts refuses a top-level key of a
 * release or an audit that no shape names).
 */

export type Shape =
  | { type: 'string' }
  | { type: 'boolean' }
  | { type: 'number' }
  | { type: 'integer'; min?: number; max?: number }
  | { type: 'literal'; values: readonly (string | number)[] }
  | { type: 'array'; items: Shape }
  | { type: 'object'; fields: Readonly<Record<string, Shape>>; optional?: readonly string[] }
  | { type: 'record'; values: Shape }
  | { type: 'oneOf'; shapes: readonly Shape[] };

export const STRING: Shape = { type: 'string' };
export const arrayOf = (items: Shape): Shape => ({ type: 'array', items });
export const integer = (min?: number, max?: number): Shape => ({ type: 'integer', min, max });

/** The first place where `value` does not have `shape`, as `path: expected ..., found ...`, or null. */
export function shapeProblem(value: unknown, shape: Shape, path = ''): string | null {
  const fail = () =>
    `${path || '(top level)'}: expected ${describeShape(shape)}, found ${describeValue(value)}`;
  switch (shape.type) {
    case 'string':
    case 'boolean':
    case 'number':
      return typeof value === shape.type && (shape.type !== 'number' || Number.isFinite(value))
        ? null
        : fail();
    case 'integer':
      return Number.isSafeInteger(value) &&
        (shape.min === undefined || (value as number) >= shape.min) &&
        (shape.max === undefined || (value as number) <= shape.max)
        ? null
        : fail();
    case 'literal':
      return shape.values.includes(value as string | number) ? null : fail();
    case 'oneOf':
      return shape.shapes.some((s) => shapeProblem(value, s, path) === null) ? null : fail();
    case 'array': {
      if (!Array.isArray(value)) return fail();
      for (let i = 0; i < value.length; i++) {
        const problem = shapeProblem(value[i], shape.items, childPath(path, i));
        if (problem) return problem;
      }
      return null;
    }
    case 'record': {
      if (!isPlainObject(value)) return fail();
      for (const [key, item] of Object.entries(value)) {
        const problem = shapeProblem(item, shape.values, childPath(path, key));
        if (problem) return problem;
      }
      return null;
    }
    case 'object': {
      if (!isPlainObject(value)) return fail();
      for (const [key, fieldShape] of Object.entries(shape.fields)) {
        if (!(key in value)) {
          if (shape.optional?.includes(key)) continue;
          return `${childPath(path, key)}: expected ${describeShape(fieldShape)}, found nothing (the field is missing)`;
        }
        const problem = shapeProblem(value[key], fieldShape, childPath(path, key));
        if (problem) return problem;
      }
      return null;
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON path of a field or list element below `path`: `groups[3].qid`, `sensitive["a b"]`. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path ? `${path}.${key}` : key;
}

export function describeShape(shape: Shape): string {
  switch (shape.type) {
    case 'string':
      return 'a string';
    case 'boolean':
      return 'true or false';
    case 'number':
      return 'a number';
    case 'integer':
      if (shape.min !== undefined && shape.max !== undefined)
        return `an integer in ${shape.min}..${shape.max}`;
      return shape.min !== undefined ? `an integer >= ${shape.min}` : 'an integer';
    case 'literal':
      return shape.values.map((v) => JSON.stringify(v)).join(' or ');
    case 'oneOf':
      return shape.shapes.map(describeShape).join(' or ');
    case 'array':
      return `a list of ${plural(describeShape(shape.items))}`;
    case 'record':
      return `an object whose values are ${plural(describeShape(shape.values))}`;
    case 'object':
      return `an object with ${Object.keys(shape.fields)
        .filter((k) => !shape.optional?.includes(k))
        .map((k) => `"${k}"`)
        .join(', ')}`;
  }
}

/** 'a string' -> 'strings', 'a list of strings' -> 'lists of strings'. */
function plural(description: string): string {
  const match = /^an? (\w+)(.*)$/.exec(description);
  return match ? `${match[1]}s${match[2]}` : description;
}

/** What a value is, briefly, for an error message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    const shown = value.length > 30 ? `${value.slice(0, 30)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  return `${typeof value === 'number' ? 'the number' : ''} ${String(value)}`.trim();
}
