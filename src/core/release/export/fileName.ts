/**
 * The name of a release's files (DESIGN.md sec. 4): the input's name without its extension, the
 * method and its parameters, e.g. `groceries-pta-k5.csv`. A privacy level (k, m, p, l) is always
 * named; another parameter only when it differs from its default; a text parameter (a constraints
 * file's content) as its name alone; the seed when it is not 1.
 */
export interface NamedParam {
  name: string;
  type: string;
  default?: number | string | boolean;
}

const LEVELS = new Set(['k', 'm', 'p', 'l']);

/**
 * A file's name without its extension (and without `.gz`), to name what is made from it:
 * `groceries.csv` -> `groceries`, `BMS1.dat.gz` -> `BMS1`; '' when nothing is left.
 */
export function withoutExtension(fileName: string): string {
  return fileName.replace(/\.gz$/i, '').replace(/\.[^./\\]+$/, '');
}

export function releaseBaseName(
  inputName: string,
  method: string,
  declared: readonly NamedParam[],
  values: Readonly<Record<string, number | string | boolean>>,
  seed: number,
): string {
  const stem = withoutExtension(inputName) || 'data';
  const parts = [stem, method];
  for (const param of declared) {
    const value = values[param.name];
    if (value === undefined || value === '') continue;
    if (param.type === 'text') parts.push(param.name);
    else if (LEVELS.has(param.name) || value !== param.default) parts.push(`${param.name}${String(value)}`);
  }
  if (seed !== 1) parts.push(`seed${seed}`);
  return parts.join('-').replace(/[^\w.=,+-]+/g, '_');
}

/** The file name of one exported file. */
export function exportFileName(base: string, file: { suffix: string; extension: string }): string {
  return `${base}${file.suffix}.${file.extension}`;
}
