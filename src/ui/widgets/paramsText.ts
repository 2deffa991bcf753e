/**
 * A run's parameters on one line for the runs tables (`k=5 m=2 hierarchy=(12 lines)`): a parameter
 * left empty (COAT without constraints, a method without a hierarchy) is left out, not shown as
 * `constraints=`; a document (a hierarchy, constraints) is shown by its size.
 */
export function paramsText(params: Readonly<Record<string, unknown>>): string {
  return Object.entries(params)
    .filter(([, value]) => value !== '' && value !== undefined && value !== null)
    .map(([name, value]) => `${name}=${shortValue(value)}`)
    .join(' ');
}

function shortValue(value: unknown): string {
  const text = String(value);
  return text.length > 40 ? `(${text.split('\n').filter(Boolean).length} lines)` : text;
}
