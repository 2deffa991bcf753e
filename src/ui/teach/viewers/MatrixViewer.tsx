/**
 * The binary-matrix drawing (core/teach/trace.ts MatrixDrawing; Ghinita Fig. 1, PTA Fig. 2) on a
 * canvas: rows in the step's order with their names, a band of group colours and each group's
 * note, columns named above (sensitive ones apart, in red), held cells filled. What the step
 * changed is yellow: rows, columns, cells and groups. Cells shrink to fit the width and a height
 * cap, so 300 rows of hundreds of items still draw in one paint; names are left out when too small.
 */
import { useCallback } from 'react';
import type { MatrixDrawing } from '../../../core/teach/trace.ts';
import type { ViewerProps } from './types.ts';
import { CHANGED, CHANGED_FILL, EMPTY, groupColour, HELD, INK, MUTED, SENSITIVE } from './palette.ts';
import { measure } from './measure.ts';
import { useCanvas, type GridLayout } from './useCanvas.ts';

interface Layout extends GridLayout {
  band: number;
  /** x of each column (sensitive columns after a gap). */
  x: number[];
  notesX: number;
  showNames: boolean;
}

const GAP = 6;

export function MatrixViewer({ state, changed, big }: ViewerProps<MatrixDrawing>) {
  const layout = useCallback(
    (width: number): Layout => {
      const font = big ? 20 : 13;
      const rows = state.rows.length;
      const columns = state.columns.length;
      const rowNames = Math.max(...state.rows.map((r) => measure(r.label, font)), 20);
      const notes = Math.min(
        big ? 420 : 300,
        Math.max(0, ...(state.groups ?? []).map((g) => measure(groupText(g), font - 1) + 16)),
      );
      const band = state.groups ? (big ? 40 : 30) : 0;
      const left = rowNames + 12 + band;
      const gap = state.columns.some((c) => c.sensitive) ? GAP : 0;
      const room = Math.max(40, width - left - notes - gap - 4);
      const cap = big ? 72 : 34;
      let cell = Math.max(2, Math.min(cap, Math.floor(room / Math.max(1, columns))));
      // Tall data: rows no more than the height cap allows (min 2 px each).
      const maxHeight = big ? 1400 : 900;
      cell = Math.max(2, Math.min(cell, Math.floor(maxHeight / Math.max(1, rows))));
      const showNames = cell >= font + 2;
      const columnNames = showNames ? Math.max(...state.columns.map((c) => measure(c.label, font))) : 0;
      const top = showNames ? Math.min(big ? 220 : 150, Math.ceil(columnNames * 0.72) + font + 8) : 8;
      const x: number[] = [];
      let at = left;
      state.columns.forEach((c, i) => {
        if (c.sensitive && (i === 0 || !state.columns[i - 1].sensitive)) at += gap;
        x.push(at);
        at += cell;
      });
      return { height: top + rows * cell + 4, cell, font, left, top, band, x, notesX: at + 10, showNames };
    },
    [state, big],
  );
  const paint = useCallback(
    (ctx: CanvasRenderingContext2D, l: Layout) => {
      const { cell, font, top, x } = l;
      ctx.textBaseline = 'middle';
      // Column names, turned, and changed columns in yellow.
      state.columns.forEach((c, i) => {
        const centre = x[i] + cell / 2;
        if (changed.has(c.id)) {
          ctx.fillStyle = CHANGED_FILL;
          ctx.fillRect(x[i], 0, cell, top - 2);
        }
        if (!l.showNames) return;
        ctx.save();
        ctx.translate(centre - font * 0.35, top - 6);
        ctx.rotate(-Math.PI / 4);
        ctx.fillStyle = c.sensitive ? SENSITIVE : INK;
        ctx.font = `${c.sensitive ? 600 : 400} ${font}px system-ui, sans-serif`;
        ctx.fillText(c.label, 0, 0);
        ctx.restore();
      });
      // The grid: each block of columns (QID, then sensitive) empty, white gaps between cells,
      // then only the cells held (O(rows + columns + cells held), whatever the width).
      const inset = cell > 6 ? 1 : 0;
      const height = state.rows.length * cell;
      const blocks: [number, number][] = [];
      state.columns.forEach((c, i) => {
        if (i === 0 || c.sensitive !== state.columns[i - 1].sensitive) blocks.push([i, i]);
        blocks[blocks.length - 1][1] = i;
      });
      for (const [first, last] of blocks) {
        ctx.fillStyle = EMPTY;
        ctx.fillRect(x[first], top, x[last] + cell - x[first], height);
        if (inset === 0) continue;
        ctx.fillStyle = '#ffffff';
        for (let i = first; i <= last + 1; i++)
          ctx.fillRect((i <= last ? x[i] : x[last] + cell) - 1, top, 2, height);
        for (let r = 0; r <= state.rows.length; r++)
          ctx.fillRect(x[first], top + r * cell - 1, x[last] + cell - x[first], 2);
      }
      let lastGroup: number | undefined = -2;
      state.rows.forEach((row, r) => {
        const y = top + r * cell;
        const rowChanged = changed.has(row.id);
        if (rowChanged) {
          ctx.fillStyle = CHANGED_FILL;
          ctx.fillRect(0, y, l.left - l.band - 4, cell);
        }
        if (l.showNames) {
          ctx.fillStyle = INK;
          ctx.font = `${rowChanged ? 700 : 400} ${font}px system-ui, sans-serif`;
          ctx.fillText(row.label, 4, y + cell / 2);
        }
        // The group band: its colour, its name on its first row, its note beside it.
        if (l.band > 0 && row.group !== undefined) {
          const group = state.groups![row.group];
          ctx.fillStyle = groupColour(row.group);
          ctx.fillRect(l.left - l.band - 4, y + inset, l.band, cell - 2 * inset);
          if (row.group !== lastGroup) {
            if (l.showNames) {
              ctx.fillStyle = '#fff';
              ctx.font = `600 ${font - 2}px system-ui, sans-serif`;
              ctx.fillText(group.label, l.left - l.band, y + cell / 2);
            }
            if (group.note || group.counts) {
              ctx.fillStyle = changed.has(group.id) ? INK : MUTED;
              ctx.font = `${changed.has(group.id) ? 600 : 400} ${font - 1}px system-ui, sans-serif`;
              ctx.fillText(groupText(group), l.notesX, y + Math.max(cell, font) / 2);
            }
            if (changed.has(group.id)) {
              ctx.strokeStyle = CHANGED;
              ctx.lineWidth = 3;
              ctx.strokeRect(l.left - l.band - 4, y, l.band, cell);
            }
          }
        }
        lastGroup = row.group;
        for (const c of row.cells) {
          ctx.fillStyle = state.columns[c].sensitive ? SENSITIVE : HELD;
          ctx.fillRect(x[c] + inset, y + inset, cell - 2 * inset, cell - 2 * inset);
        }
        if (rowChanged && cell > 4) {
          ctx.strokeStyle = CHANGED;
          ctx.lineWidth = 2;
          ctx.strokeRect(x[0] - 1, y + 0.5, x[x.length - 1] + cell - x[0] + 2, cell - 1);
        }
      });
      // Changed cells (`row id|column id`), found once from the step's ids.
      const rowAt = new Map(state.rows.map((row, r) => [row.id, r]));
      const columnAt = new Map(state.columns.map((c, i) => [c.id, i]));
      ctx.strokeStyle = CHANGED;
      ctx.lineWidth = 3;
      for (const id of changed) {
        const bar = id.indexOf('|');
        if (bar < 0) continue;
        const r = rowAt.get(id.slice(0, bar));
        const c = columnAt.get(id.slice(bar + 1));
        if (r !== undefined && c !== undefined)
          ctx.strokeRect(x[c] + 1.5, top + r * cell + 1.5, cell - 3, cell - 3);
      }
    },
    [state, changed],
  );
  const { wrapper, canvas } = useCanvas(layout, paint);
  return (
    <div
      ref={wrapper}
      className="teach-canvas"
      data-kind="matrix"
      data-rows={state.rows.map((r) => r.label).join(' ')}
      data-columns={state.columns.map((c) => c.label).join(' | ')}
    >
      <canvas ref={canvas} role="img" aria-label={ariaOf(state)} />
    </div>
  );
}

/** A group's note and its published sensitive counts, in one line. */
function groupText(group: NonNullable<MatrixDrawing['groups']>[number]): string {
  const counts = group.counts
    ? Object.entries(group.counts)
        .map(([item, count]) => `${item}: ${count}`)
        .join(', ') || 'no sensitive item'
    : '';
  return [group.note, counts].filter(Boolean).join(' · ');
}

function ariaOf(state: MatrixDrawing): string {
  return `Binary matrix of ${state.rows.length} rows over ${state.columns.length} items, rows in the order ${state.rows
    .slice(0, 40)
    .map((r) => r.label)
    .join(', ')}`;
}
