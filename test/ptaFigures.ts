/** PTA's worked example as the paper prints it (Lin et al. Sec. 5), for the tests that check it. */

/** Fig. 4: the Hamming matrix of segment 1 (T8, T3, T13, T1, T10, T11, T6), ∞ on the diagonal. */
export const FIG4_MATRIX = [
  ['∞', '1', '3', '2', '2', '2', '1'],
  ['1', '∞', '2', '3', '3', '3', '2'],
  ['3', '2', '∞', '1', '1', '1', '2'],
  ['2', '3', '1', '∞', '0', '0', '1'],
  ['2', '3', '1', '0', '∞', '0', '1'],
  ['2', '3', '1', '0', '0', '∞', '1'],
  ['1', '2', '2', '1', '1', '1', '∞'],
];
