import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FenwickFlags } from '../src/core/data/fenwickFlags.ts';

describe('FenwickFlags', () => {
  it('counts and finds raised flags as a plain array does, while flags are lowered (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 70 }), fc.array(fc.nat()), (size, lowers) => {
        const flags = new FenwickFlags(size);
        const raised = new Array<boolean>(size).fill(true);
        const check = () => {
          const indexes = raised.flatMap((up, i) => (up ? [i] : []));
          for (let end = 0; end <= size; end++)
            expect(flags.countBelow(end)).toBe(indexes.filter((i) => i < end).length);
          indexes.forEach((index, n) => expect(flags.nthRaised(n)).toBe(index));
          raised.forEach((up, i) => expect(flags.isRaised(i)).toBe(up));
        };
        check();
        for (const lower of lowers) {
          if (size === 0) break;
          flags.lower(lower % size);
          raised[lower % size] = false;
          check();
        }
      }),
      { numRuns: 200 },
    );
  });
});
