/**
 * A canvas drawn at the device's pixel ratio to the width of its container (ResizeObserver): a
 * layout of the drawing for that width (its height included), then its painting in CSS pixels.
 * Drawn again when the layout changes; one paint per change, never per frame.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

/** A grid on a canvas: its height, cell size, font size and where the cells start. */
export interface GridLayout {
  height: number;
  cell: number;
  font: number;
  left: number;
  top: number;
}

export function useCanvas<L extends { height: number }>(
  layout: (width: number) => L,
  paint: (ctx: CanvasRenderingContext2D, layout: L) => void,
) {
  const wrapper = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const placed = useMemo(() => (width > 0 ? layout(width) : null), [layout, width]);
  useLayoutEffect(() => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx || !placed) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.ceil(width * ratio);
    element.height = Math.ceil(placed.height * ratio);
    element.style.width = `${width}px`;
    element.style.height = `${placed.height}px`;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    paint(ctx, placed);
  }, [placed, paint, width]);
  return { wrapper, canvas, layout: placed };
}
