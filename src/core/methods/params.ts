/**
 * Turns raw parameter values (CLI flags, form fields, sweep specs) into a method's typed params:
 * defaults filled in, types and ranges checked, unknown names rejected with a message that says
 * which parameter and what was expected.
 */
import type { Dataset } from '../data/dataset.ts';
import { type MethodParams, type MethodSpec, type ParamSpec, type ParamValue } from './types.ts';
import { InputError } from '../base/errors.ts';
import { readDecimal, readInteger } from '../base/strictNumber.ts';

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
  // Text goes through the one strict reader (base/strictNumber.ts): '0x10', '1e3', '+3', ' 3' are no integers.
  const number =
    typeof value === 'number'
      ? value
      : ((p.type === 'int' ? readInteger(String(value)) : readDecimal(String(value))) ?? NaN);
  if (!Number.isFinite(number) || (p.type === 'int' && !Number.isSafeInteger(number))) {
    throw new InputError(`${where} must be ${p.type === 'int' ? 'an integer' : 'a number'}, got '${value}'`);
  }
  if (p.min !== undefined && number < p.min)
    throw new InputError(`${where} must be >= ${p.min}, got ${number}`);
  if (p.max !== undefined && number > p.max)
    throw new InputError(`${where} must be <= ${p.max}, got ${number}`);
  return number;
}

/** What a data-set bound is measured on: the rows, the longest row and the distinct items. */
export interface DataFacts {
  readonly name: string;
  readonly n: number;
  readonly d: number;
  /** Items of the longest row (computed only when a param asks for it). */
  longestRow(): number;
}

/** The facts of a dataset for checkDataBounds. */
export function dataFacts(dataset: Dataset): DataFacts {
  let longest = -1;
  return {
    name: dataset.name,
    n: dataset.n,
    d: dataset.d,
    longestRow() {
      if (longest < 0) {
        longest = 0;
        for (let r = 0; r < dataset.n; r++) longest = Math.max(longest, dataset.rowLength(r));
      }
      return longest;
    },
  };
}

/**
 * Refuses a param above the bound its declaration names (ParamSpec.atMost): COAT's k at most the
 * rows, COAT's and apriori-km's m at most the longest row, CAHD's alpha at most n / p, with the
 * largest value allowed in the message. Checked once the data is read and before the method runs (runContext, and the
 * CLI right after the parse), so that a k of 10^8 is refused at once instead of sizing arrays by
 * it. (The other methods refuse k, p and l above what the data allows in their own words, which
 * name the largest feasible value: PTA's "needs at least k transactions", Theorem 1's p.)
 */
export function checkDataBounds(spec: MethodSpec, params: MethodParams, facts: DataFacts): void {
  for (const p of spec.params) {
    const value = params[p.name];
    if (!p.atMost || typeof value !== 'number') continue;
    const { of, per } = p.atMost;
    const whole = of === 'rows' ? facts.n : of === 'items' ? facts.d : facts.longestRow();
    const divisor = per === undefined ? 1 : Number(params[per]);
    // A divisor above the whole is its own param's error (p > n: Theorem 1 names the feasible p).
    if (divisor > whole) continue;
    const largest = Math.floor(whole / Math.max(1, divisor));
    if (value <= largest) continue;
    const counted =
      of === 'rows'
        ? `the ${whole} rows of ${facts.name}`
        : of === 'items'
          ? `the ${whole} distinct items of ${facts.name}`
          : `the longest row of ${facts.name} (${whole} items)`;
    throw new InputError(
      per === undefined
        ? `${spec.id} --${p.name} ${value} is more than ${counted}: the largest ${p.name} is ${largest}`
        : `${spec.id} --${p.name} ${value}: ${p.name} x ${per} is at most ${counted}, so the largest ${p.name} with ${per} = ${divisor} is ${largest}`,
    );
  }
}
