import { describe, expect, it } from 'vitest';
import { parseText } from '../src/core/data/parsers/index.ts';
import { errorOf, tokenRows } from './helpers.ts';

const header = `% basket data
@relation baskets
@attribute bread {t}
@attribute 'skim milk' {0,1}
@attribute price numeric
@attribute store {north,south}
@data
`;

describe('arff', () => {
  it('reads dense rows: presence attributes, missing values and valued items', () => {
    const { dataset } = parseText(header + 't,1,0,north\n?,0,2.5,south\n?,?,?,?\n', { fileName: 'b.arff' });
    expect(tokenRows(dataset)).toEqual([
      ['bread', 'skim milk', 'store=north'],
      ['price=2.5', 'store=south'],
      [],
    ]);
  });

  it('reads sparse rows, omitted attributes being absent', () => {
    const { dataset } = parseText(header + '{0 t, 3 south}\n{}\n{1 1}\n', { fileName: 'b.arff' });
    expect(tokenRows(dataset)).toEqual([['bread', 'store=south'], [], ['skim milk']]);
  });

  it('a row with too many values names the line and the extra value column', () => {
    const error = errorOf(() => parseText(header + 't,1,0,north\nt,1,0,north,9\n', { fileName: 'b.arff' }));
    expect([error.line, error.column]).toEqual([9, 13]);
    expect(error.reason).toBe('expected 4 values as declared by @attribute, found 5');
  });

  it('too few values, a bad sparse index and an undeclared nominal value are errors', () => {
    expect(errorOf(() => parseText(header + 't,1\n', { fileName: 'b.arff' })).line).toBe(8);
    expect(errorOf(() => parseText(header + '{7 1}\n', { fileName: 'b.arff' })).reason).toContain(
      'out of range',
    );
    expect(errorOf(() => parseText(header + 't,1,0,east\n', { fileName: 'b.arff' })).reason).toContain(
      'expected one of {north,south}',
    );
    expect(errorOf(() => parseText('@relation r\n@data\n', { fileName: 'b.arff' })).reason).toContain(
      '@attribute',
    );
  });

  it('the PTA sample reads as thirteen transactions over A..E', () => {
    const text = '@relation p\n@attribute A {0,1}\n@attribute B {0,1}\n@data\n0,1\n1,1\n0,0\n';
    expect(tokenRows(parseText(text, { fileName: 'p.arff' }).dataset)).toEqual([['B'], ['A', 'B'], []]);
  });
});
