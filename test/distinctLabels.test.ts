/** Same-named entries told apart (issue 32): the name alone when unique, else numbered in list order. */
import { expect, it } from 'vitest';
import { distinctLabels } from '../src/ui/widgets/distinctLabels.ts';

it('numbers the second and later entries of a name, in list order', () => {
  expect(distinctLabels(['a.csv', 'b.csv', 'a.csv', 'a.csv'])).toEqual([
    'a.csv',
    'b.csv',
    'a.csv (2)',
    'a.csv (3)',
  ]);
  expect(distinctLabels(['x'])).toEqual(['x']);
});
