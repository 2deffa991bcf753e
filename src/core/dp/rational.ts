/**
 * Exact rational numbers (numerator and denominator as bigints, the denominator positive, the
 * fraction in lowest terms) for privacy budgets and noise scales: a budget split down a DiffPart
 * path or over PrivBasis's phases is summed and compared exactly, so a ledger's total never drifts
 * above the asked epsilon by floating-point rounding (OpenDP keeps its privacy maps exact the same
 * way and rounds only where a float is written out, upward: `toUpperDouble`).
 */
export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export function rational(n: bigint | number, d: bigint | number = 1n): Rational {
  let num = BigInt(n);
  let den = BigInt(d);
  if (den === 0n) throw new RangeError('a rational with denominator 0');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den);
  return g > 1n ? { n: num / g, d: den / g } : { n: num, d: den };
}

export const ZERO = rational(0);
export const ONE = rational(1);

export const add = (a: Rational, b: Rational) => rational(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rational, b: Rational) => rational(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rational, b: Rational) => rational(a.n * b.n, a.d * b.d);
export const div = (a: Rational, b: Rational) => rational(a.n * b.d, a.d * b.n);
/** -1, 0 or 1 as a is below, equal to or above b. */
export const compare = (a: Rational, b: Rational): number => {
  const x = a.n * b.d;
  const y = b.n * a.d;
  return x < y ? -1 : x > y ? 1 : 0;
};
export const isZero = (a: Rational) => a.n === 0n;
export const max = (a: Rational, b: Rational) => (compare(a, b) >= 0 ? a : b);
/** The largest integer at most a. */
export function floor(a: Rational): bigint {
  const q = a.n / a.d;
  return a.n < 0n && q * a.d !== a.n ? q - 1n : q;
}
/** The smallest integer at least a. */
export const ceil = (a: Rational): bigint => -floor(rational(-a.n, a.d));

/**
 * The rational a decimal stands for, exactly: `0.1` is 1/10 (not the double nearest to it). A
 * number is read through its shortest round-trip decimal (String(0.1) is "0.1"), which is what
 * the user typed for any epsilon typed in decimal.
 */
export function parseDecimal(value: number | string): Rational {
  const text = String(value).trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === ''))
    throw new RangeError(`not a decimal number: '${text}'`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = BigInt(`${whole}${fraction}` || '0');
  const shift = Number(exponent) - fraction.length;
  const value10 =
    shift >= 0 ? rational(digits * 10n ** BigInt(shift)) : rational(digits, 10n ** BigInt(-shift));
  return sign === '-' ? rational(-value10.n, value10.d) : value10;
}

/** "n/d", or "n" for an integer: how a rational is written in a ledger. */
export function formatRational(a: Rational): string {
  return a.d === 1n ? String(a.n) : `${a.n}/${a.d}`;
}

/** The rational written as "n/d" or "n" (formatRational), or undefined when the text is not one. */
export function parseRational(text: string): Rational | undefined {
  const match = /^(-?\d+)(?:\/(\d+))?$/.exec(text);
  if (!match) return undefined;
  const d = BigInt(match[2] ?? '1');
  return d === 0n ? undefined : rational(BigInt(match[1]), d);
}

/** The exact value of a finite double. */
export function fromDouble(x: number): Rational {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  if (Number.isInteger(x)) return rational(BigInt(x));
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n);
  const power = (exponent === 0 ? 1 : exponent) - 1075; // value = mantissa * 2^power
  const signed = negative ? -mantissa : mantissa;
  return power >= 0 ? rational(signed << BigInt(power)) : rational(signed, 1n << BigInt(-power));
}

/** The smallest double at least a (a ledger's epsilon written as a number never reads low). */
export function toUpperDouble(a: Rational): number {
  let x = approximate(a);
  if (!Number.isFinite(x)) x = a.n > 0n ? Number.MAX_VALUE : -Number.MAX_VALUE;
  while (compare(fromDouble(x), a) < 0) x = nextUp(x);
  while (true) {
    const below = nextDown(x);
    if (compare(fromDouble(below), a) >= 0) x = below;
    else return x;
  }
}

function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

const nextDown = (x: number) => -nextUp(-x);

/** The double nearest to a (within an ulp or two), for display. */
export const toNumber = (a: Rational): number => approximate(a);

/** n / d as a double, both shifted down first when they are too large for one. */
function approximate(a: Rational): number {
  const bits = (v: bigint) => (v < 0n ? -v : v).toString(2).length;
  const excess = Math.max(bits(a.n), bits(a.d)) - 1000;
  if (excess <= 0) return Number(a.n) / Number(a.d);
  const shift = BigInt(excess);
  return Number(a.n >> shift) / Number(a.d >> shift);
}
