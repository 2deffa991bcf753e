/** Text widths for the canvas viewers' layouts, from one offscreen canvas context. */
let context: CanvasRenderingContext2D | null = null;

export function measure(text: string, size: number, weight = 400): number {
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return text.length * size * 0.6;
  context.font = `${weight} ${size}px system-ui, sans-serif`;
  return context.measureText(text).width;
}
