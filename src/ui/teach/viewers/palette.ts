/**
 * The stepper's colours, the same in every drawing: QID items blue, sensitive items red, groups and
 * classes in colours kept apart from both, what a step changed in yellow.
 */
export const HELD = '#2f6fde';
export const SENSITIVE = '#d9480f';
export const EMPTY = '#eef1f6';
export const CHANGED = '#f5b700';
export const CHANGED_FILL = '#fff3bf';
export const INK = '#1d2330';
export const MUTED = '#667085';

const GROUPS = ['#2b8a3e', '#9c36b5', '#0b7285', '#795548', '#5c940d', '#e64980', '#495057', '#1864ab'];

/** Group g's colour (groups beyond the palette reuse it in turn). */
export const groupColour = (g: number): string => GROUPS[g % GROUPS.length];
