/**
 * The pair-table drawing (PairsDrawing: PTA's Hamming matrix of a segment, Fig. 4, with PrimTSP's
 * loop; multi-anatomy's phi² of item pairs with PAM's clusters) on a canvas: a square of cells
 * shaded by value, the value written while the cells are large enough, names on both axes coloured
 * by group (a marked one, PAM's medoid, with a star). A path is written above the square and its
 * edges outlined in the square; what the step changed is yellow.
 */
import { useCallback } from 'react';
import type { PairsDrawing } from '../../../core/teach/trace.ts';
import { CHANGED, CHANGED_FILL, groupColour, INK, MUTED } from './palette.ts';
import { measure } from './measure.ts';
import type { ViewerProps } from './types.ts';
import { useCanvas, type GridLayout } from './useCanvas.ts';

interface Layout extends GridLayout {
  max: number;
}

/** 33 shades from a pale grey-blue (0) to a deep blue (the largest value). */
const SHADES = Array.from({ length: 33 }, (_, step) => {
  const mix = (a: number, b: number) => Math.round(a + ((b - a) * step) / 32);
  return `rgb(${mix(238, 28)}, ${mix(242, 78)}, ${mix(250, 160)})`;
});

/** A value as short as it reads: integers as they are, fractions to 2 digits without the 0 (.051). */
function written(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return Number(value.toPrecision(2))
    .toString()
    .replace(/^(-?)0\./, '$1.');
}

export function PairsViewer({ state, changed, big }: ViewerProps<PairsDrawing>) {
  const name = (i: number) => `${state.labels[i].label}${state.labels[i].marked ? ' ★' : ''}`;
  const layout = useCallback(
    (width: number): Layout => {
      const font = big ? 20 : 13;
      const n = state.labels.length;
      const names = Math.max(20, ...state.labels.map((_, i) => measure(name(i), font, 600)));
      const left = names + 10;
      const cell = Math.max(3, Math.min(big ? 72 : 44, Math.floor((width - left - 4) / Math.max(1, n))));
      const top = cell >= font + 2 ? Math.ceil(names * 0.72) + font + 8 : 8;
      let max = 0;
      for (const row of state.values) for (const v of row) if (v !== null && v > max) max = v;
      return { height: top + n * cell + 4, cell, font, left, top, max };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `name` reads only state
    [state, big],
  );
  const paint = useCallback(
    (ctx: CanvasRenderingContext2D, l: Layout) => {
      const { cell, font, left, top } = l;
      const onPath = new Set<string>();
      const path = state.path ?? [];
      const edges = state.closed && path.length > 1 ? path.length : path.length - 1;
      for (let i = 0; i < edges; i++) {
        const a = path[i];
        const b = path[(i + 1) % path.length];
        onPath.add(`${a}|${b}`).add(`${b}|${a}`);
      }
      ctx.textBaseline = 'middle';
      const labelColour = (i: number) => {
        const g = state.labels[i].group;
        return g === undefined ? INK : groupColour(g);
      };
      state.labels.forEach((label, i) => {
        const hot = changed.has(label.id);
        ctx.font = `${hot || label.marked ? 700 : 500} ${font}px system-ui, sans-serif`;
        if (hot) {
          ctx.fillStyle = CHANGED_FILL;
          ctx.fillRect(0, top + i * cell, left - 4, cell);
          ctx.fillRect(left + i * cell, 0, cell, top - 2);
        }
        if (cell < font + 2) return;
        ctx.fillStyle = labelColour(i);
        ctx.textAlign = 'right';
        ctx.fillText(name(i), left - 6, top + i * cell + cell / 2);
        ctx.save();
        ctx.translate(left + i * cell + cell / 2 - font * 0.35, top - 6);
        ctx.rotate(-Math.PI / 4);
        ctx.textAlign = 'left';
        ctx.fillText(name(i), 0, 0);
        ctx.restore();
      });
      // Cells: shades from a fixed scale (no colour string per cell), values where they fit, then
      // the outlines of the path and of what changed, found once from the step's ids.
      const size = Math.min(font, cell * 0.42);
      const writes = cell >= font + 4;
      ctx.textAlign = 'center';
      ctx.font = `${big ? 500 : 400} ${size}px system-ui, sans-serif`;
      state.values.forEach((row, i) =>
        row.forEach((value, j) => {
          const x = left + j * cell;
          const y = top + i * cell;
          const level =
            value === null || l.max <= 0 ? -1 : Math.round((SHADES.length - 1) * Math.min(1, value / l.max));
          ctx.fillStyle = level < 0 ? '#ffffff' : SHADES[level];
          ctx.fillRect(x + 0.5, y + 0.5, cell - 1, cell - 1);
          if (!writes) return;
          const text = value === null ? (state.diagonal ?? '') : written(value);
          if (!text || measure(text, size) > cell - 4) return;
          ctx.fillStyle = value === null ? MUTED : level > 0.55 * (SHADES.length - 1) ? '#fff' : INK;
          ctx.fillText(text, x + cell / 2, y + cell / 2 + 1);
        }),
      );
      const outline = (i: number, j: number) =>
        ctx.strokeRect(left + j * cell + 1.5, top + i * cell + 1.5, cell - 3, cell - 3);
      ctx.strokeStyle = INK;
      ctx.lineWidth = 2;
      for (const key of onPath) {
        const [i, j] = key.split('|').map(Number);
        outline(i, j);
      }
      const at = new Map(state.labels.map((label, i) => [label.id, i]));
      ctx.strokeStyle = CHANGED;
      ctx.lineWidth = 3;
      for (const id of changed) {
        const bar = id.indexOf('|');
        const i = at.get(id.slice(0, bar));
        const j = at.get(id.slice(bar + 1));
        if (bar < 0 || i === undefined || j === undefined) continue;
        outline(i, j);
        outline(j, i);
      }
      ctx.textAlign = 'left';
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `name` reads only state
    [state, changed, big],
  );
  const { wrapper, canvas } = useCanvas(layout, paint);
  const pathText = state.path?.map((i) => state.labels[i].label);
  return (
    <div className="teach-pairs" data-kind="pairs" data-path={pathText?.join(' ') ?? ''}>
      <p className="muted small">
        {state.measure}
        {pathText && (
          <>
            {' · '}
            <span className="path">
              {pathText.join(' → ')}
              {state.closed ? ` → ${pathText[0]}` : ''}
            </span>
          </>
        )}
      </p>
      {state.groups && (
        <ul className="teach-legend">
          {state.groups.map((g, i) => (
            <li key={g.id}>
              <span className="swatch" style={{ background: groupColour(i) }} />
              <b>{g.label}</b>
              {g.note && <span className="muted"> {g.note}</span>}
            </li>
          ))}
        </ul>
      )}
      <div ref={wrapper} className="teach-canvas">
        <canvas ref={canvas} role="img" aria-label={`${state.measure} of ${state.labels.length} pairs`} />
      </div>
    </div>
  );
}
