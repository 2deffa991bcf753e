/**
 * The natural order of item tokens, used wherever items are listed for people or ordered by name:
 * two numeric tokens by value (FIMI items: 8 before 58 before 231), anything else by UTF-16 code
 * units.
 */
export function compareTokens(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(x) && Number.isFinite(y) && x !== y) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}
