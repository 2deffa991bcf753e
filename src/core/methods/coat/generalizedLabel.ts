/** The published label of a generalized item (COAT Sec. 3): its items in parentheses, `(a,b)`. */
export function generalizedLabel(tokens: readonly string[]): string {
  return tokens.length === 1 ? tokens[0] : `(${tokens.join(',')})`;
}
