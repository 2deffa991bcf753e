/**
 * One colour per method, the same in every chart and table of every experiment: a method's colour
 * is its place in the method catalogue (the registry's order, to which new methods are appended),
 * so gray-cahd is blue wherever it is drawn, whatever else an experiment holds. The palette is
 * D3's category10 plus six, chosen to stay apart (rcm-cahd orange, lsh red; gold for the
 * fifteenth method, teal for the sixteenth). A series that is one
 * method at one value of a second swept parameter gets a lighter or darker shade of its method's
 * colour. A method not in the catalogue (a results file from elsewhere) gets a colour from its id.
 */
const PALETTE = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#637939',
  '#000000',
  '#c51b7d',
  '#ffd700',
  '#00897b',
];

/** Shades for the 2nd, 3rd, ... series of one method: + lighter (towards white), - darker. */
const SHADES = [0, -0.35, 0.4, -0.6, 0.6];

function hashOf(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
  return hash;
}

/** The colour of a method, given the catalogue's method ids in order. */
export function methodColour(catalogue: readonly string[], method: string): string {
  const at = catalogue.indexOf(method);
  return PALETTE[(at >= 0 ? at : hashOf(method)) % PALETTE.length];
}

/** `#rrggbb` moved towards white (amount > 0) or black (amount < 0). */
export function shade(colour: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const channel = (i: number) => {
    const value = parseInt(colour.slice(1 + 2 * i, 3 + 2 * i), 16);
    return Math.round(value + (target - value) * Math.abs(amount))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

/**
 * The colour of each chart series (`name`: the method, plus other varied parameters), by name:
 * its method's colour, shaded apart when one method has several series.
 */
export function seriesColours(
  catalogue: readonly string[],
  series: readonly { name: string; method: string }[],
): (name: string) => string {
  const byMethod = new Map<string, string[]>();
  for (const { name, method } of series) {
    const names = byMethod.get(method) ?? [];
    if (!names.includes(name)) names.push(name);
    byMethod.set(method, names);
  }
  const colours = new Map<string, string>();
  for (const [method, names] of byMethod)
    names
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .forEach((name, i) =>
        colours.set(name, shade(methodColour(catalogue, method), SHADES[i % SHADES.length])),
      );
  return (name) => colours.get(name) ?? methodColour(catalogue, name.split(' ')[0]);
}
