/**
 * Sorts values[0..length) ascending, in place: insertion sort for short rows (the bulk of real
 * data, and linear on the already sorted rows that dense files such as chess give); the native
 * typed-array sort beyond 64 values, skipped when they are sorted already. Rows of item ids as the
 * builder assembles them, rows of FIMI values as the exporter writes them.
 */
export function sortPrefix(values: Uint32Array | Float64Array, length: number): void {
  if (length > 64) {
    let sorted = true;
    for (let i = 1; i < length && sorted; i++) sorted = values[i - 1] <= values[i];
    if (!sorted) values.subarray(0, length).sort();
    return;
  }
  for (let i = 1; i < length; i++) {
    const v = values[i];
    let j = i - 1;
    while (j >= 0 && values[j] > v) {
      values[j + 1] = values[j];
      j--;
    }
    values[j + 1] = v;
  }
}

/**
 * Sorts values[0..length) and moves each distinct value once to the front, ascending; returns how
 * many there are (a row's items as a set: the builder's rows, the verifiers' expected rows).
 */
export function sortDistinct(values: Uint32Array | Float64Array, length: number): number {
  sortPrefix(values, length);
  let distinct = 0;
  for (let i = 0; i < length; i++)
    if (distinct === 0 || values[i] !== values[distinct - 1]) values[distinct++] = values[i];
  return distinct;
}
