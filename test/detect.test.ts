import { describe, expect, it } from 'vitest';
import { detectFormat } from '../src/core/data/parsers/detect.ts';

describe('format detection', () => {
  it('uses the extension and the first lines', () => {
    expect(detectFormat('BMS1.dat', '1 2 3\n4 5\n')).toBe('fimi');
    expect(detectFormat('x.txt', '# c\n1 2\n')).toBe('fimi');
    expect(detectFormat('w.arff', '% c\n')).toBe('arff');
    expect(detectFormat('w.txt', '@RELATION r\n@attribute a {t}\n')).toBe('arff');
    expect(detectFormat('l.csv', 'tid,item\n1,a\n')).toBe('csv-long');
    expect(detectFormat('adult.csv', 'age,sex,zip\n20,M,1\n30,F,2\n')).toBe('relational');
    expect(detectFormat('b.csv', 'bread,milk\neggs\nmilk,tea,jam\n')).toBe('csv-basket');
    expect(detectFormat('b.txt', 'bread,milk\neggs\n')).toBe('csv-basket');
    // An exported release whose first rows hold one item each is still a basket file.
    expect(detectFormat('groceries-pta-k5.csv', 'whole milk\nwhole milk\nsoda\n')).toBe('csv-basket');
    expect(detectFormat('t.tsv', 'tid\titem\n1\ta\n')).toBe('csv-long');
  });

  it('falls back to fimi, whose error then suggests csv-basket', () => {
    expect(detectFormat('names.dat', 'bread milk\n')).toBe('fimi');
    expect(detectFormat('empty.dat', '')).toBe('fimi');
  });
});
