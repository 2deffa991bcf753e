/**
 * A step's drawing as inline SVG for the handout (deck.ts): one small renderer per drawing kind,
 * pure strings (no DOM), the same content the page's viewers draw: the matrix's cells and groups,
 * a table's rows as item lists, the hierarchy with its cut, a pair table with its values and path,
 * the buckets' rows. Highlighted ids (`changed`) are drawn in the page's amber.
 */
import type { Drawing, LatticeDrawing, MatrixDrawing, PairsDrawing } from './trace.ts';

const CELL = 22;
const FONT = 12;
const AMBER = '#f5b400';
const BLUE = '#2f6fde';
const RED = '#d9480f';

export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function svg(width: number, height: number, body: string[]): string {
  return `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="${FONT}">${body.join('')}</svg>`;
}

const text = (x: number, y: number, s: string, extra = '') =>
  `<text x="${x}" y="${y}"${extra}>${escapeXml(s)}</text>`;

function matrix(m: MatrixDrawing, changed: Set<string>): string {
  const left = 8 + Math.min(160, 7 * Math.max(2, ...m.rows.map((r) => r.label.length)));
  const top = 8 + Math.min(120, 6 * Math.max(2, ...m.columns.map((c) => c.label.length)));
  const body: string[] = [];
  m.columns.forEach((c, j) => {
    const x = left + j * CELL + CELL / 2;
    body.push(
      text(
        x,
        top - 4,
        c.label,
        ` transform="rotate(-55 ${x} ${top - 4})"${c.sensitive ? ` fill="${RED}"` : ''}`,
      ),
    );
  });
  m.rows.forEach((r, i) => {
    const y = top + i * CELL;
    const group = r.group !== undefined && m.groups ? m.groups[r.group]?.label : undefined;
    body.push(
      text(
        4,
        y + CELL * 0.7,
        `${r.label}${group ? ` · ${group}` : ''}`,
        changed.has(r.id) ? ' font-weight="bold"' : '',
      ),
    );
    m.columns.forEach((c, j) => {
      const on = r.cells.includes(j);
      const fill = on ? (c.sensitive ? RED : BLUE) : '#eef1f5';
      const stroke = changed.has(r.id) || changed.has(`${r.id}|${c.id}`) ? AMBER : '#fff';
      body.push(
        `<rect x="${left + j * CELL}" y="${y}" width="${CELL - 2}" height="${CELL - 2}" fill="${fill}" stroke="${stroke}"/>`,
      );
    });
  });
  return svg(left + m.columns.length * CELL + 8, top + m.rows.length * CELL + 8, body);
}

function lines(rows: { label: string; line: string; bold: boolean }[]): string {
  const width = 16 + 7 * Math.max(10, ...rows.map((r) => r.label.length + r.line.length + 3));
  return svg(
    Math.min(900, width),
    rows.length * 18 + 10,
    rows.map((r, i) =>
      text(6, 16 + i * 18, `${r.label}: ${r.line}`, r.bold ? ` font-weight="bold" fill="${BLUE}"` : ''),
    ),
  );
}

function lattice(l: LatticeDrawing, changed: Set<string>): string {
  const depth = (i: number): number => (l.nodes[i].parent < 0 ? 0 : 1 + depth(l.nodes[i].parent));
  const body = l.nodes.map((n, i) =>
    text(
      6 + depth(i) * 18,
      16 + i * 18,
      `${n.label}${n.support !== undefined ? ` (${n.support})` : ''}`,
      n.cut || changed.has(n.id) ? ` font-weight="bold" fill="${n.cut ? BLUE : AMBER}"` : '',
    ),
  );
  return svg(420, l.nodes.length * 18 + 10, body);
}

function pairs(p: PairsDrawing, changed: Set<string>): string {
  const left = 8 + 7 * Math.max(2, ...p.labels.map((l) => l.label.length));
  const top = 24;
  const size = 28;
  const body: string[] = [
    text(
      4,
      14,
      `${p.measure}${p.path ? ` · path ${p.path.map((i) => p.labels[i].label).join(' → ')}${p.closed ? ' → back' : ''}` : ''}`,
    ),
  ];
  p.labels.forEach((l, j) => body.push(text(left + j * size + 4, top + 12, l.label)));
  p.labels.forEach((a, i) => {
    const y = top + 18 + i * size;
    body.push(text(4, y + 18, a.label, a.marked ? ' font-weight="bold"' : ''));
    p.labels.forEach((b, j) => {
      const v = p.values[i][j];
      const hot = changed.has(`${a.id}|${b.id}`) || changed.has(`${b.id}|${a.id}`);
      body.push(
        `<rect x="${left + j * size}" y="${y}" width="${size - 2}" height="${size - 2}" fill="#f4f6fa" stroke="${hot ? AMBER : '#dde2ea'}"/>`,
        text(left + j * size + 3, y + 18, v === null ? (p.diagonal ?? '') : String(v)),
      );
    });
  });
  return svg(left + p.labels.length * size + 8, top + 26 + p.labels.length * size, body);
}

/** The step's drawing as one inline SVG element. */
export function drawingSvg(drawing: Drawing, changed: readonly string[]): string {
  const hot = new Set(changed);
  switch (drawing.kind) {
    case 'matrix':
      return matrix(drawing, hot);
    case 'table':
      return lines(
        drawing.rows.map((r) => ({
          label: `${r.label}${r.group !== undefined && drawing.groups ? ` (${drawing.groups[r.group]?.label})` : ''}`,
          line: `${r.items.join(', ')}${r.note ? `  [${r.note}]` : ''}`,
          bold: hot.has(r.id),
        })),
      );
    case 'lattice':
      return lattice(drawing, hot);
    case 'pairs':
      return pairs(drawing, hot);
    case 'buckets':
      return lines(
        drawing.buckets.flatMap((b) =>
          b.rows.map((r) => ({
            label: `${b.label} ${r.label}`,
            line: r.values.map((v) => `{${v.join(', ')}}`).join(' | '),
            bold: hot.has(b.id) || hot.has(r.id),
          })),
        ),
      );
  }
}
