/**
 * Turns raw parameter values (CLI flags, form fields, sweep specs) into a method's typed params:
 * defaults filled in, types and ranges checked, unknown names rejected with a message that says
 * which parameter and what was expected.
 */
import { type MethodParams, type MethodSpec, type ParamSpec, type ParamValue } from './types.ts';
import { InputError } from '../base/errors.ts';

export function resolveParams(spec: MethodSpec, raw: Record<string, ParamValue | undefined>): MethodParams {
  const known = new Set(spec.params.map((p) => p.name));
  for (const name of Object.keys(raw)) {
    if (raw[name] !== undefined && !known.has(name)) {
      throw new InputError(
        `${spec.id} has no parameter '${name}' (it takes ${[...known].join(', ') || 'none'})`,
      );
    }
  }
  const params: Record<string, ParamValue> = {};
  for (const p of spec.params) {
    const value = raw[p.name] ?? p.default;
    if (value === undefined) throw new InputError(`${spec.id} needs --${p.name}: ${p.help}`);
    params[p.name] = coerce(spec.id, p, value);
  }
  return params;
}

function coerce(method: string, p: ParamSpec, value: ParamValue): ParamValue {
  const where = `${method} --${p.name}`;
  if (p.type === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    throw new InputError(`${where} must be true or false, got '${value}'`);
  }
  if (p.type === 'text') return String(value);
  if (p.type === 'string') {
    const text = String(value);
    if (p.choices && !p.choices.includes(text))
      throw new InputError(`${where} must be one of ${p.choices.join(', ')}, got '${text}'`);
    return text;
  }
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || (p.type === 'int' && !Number.isInteger(number))) {
    throw new InputError(`${where} must be ${p.type === 'int' ? 'an integer' : 'a number'}, got '${value}'`);
  }
  if (p.min !== undefined && number < p.min)
    throw new InputError(`${where} must be >= ${p.min}, got ${number}`);
  if (p.max !== undefined && number > p.max)
    throw new InputError(`${where} must be <= ${p.max}, got ${number}`);
  return number;
}
