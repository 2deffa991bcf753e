/**
 * What every chart of the page shares: the accent and warning colours, the title style, no entry
 * animation (a data tool redraws often; screenshots stay exact), and HTML escaping for tooltips.
 */
export const ACCENT = '#2f6fde';
export const WARN = '#d9480f';
export const titleStyle = { fontSize: 14, fontWeight: 600 };
export const base = { animation: false };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
