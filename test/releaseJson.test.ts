/**
 * Release JSON (writeJson.ts): indented when small enough to read, compact above; written as a
 * stream from the typed release, it is byte for byte what JSON.stringify gives for the release's
 * plain form (issue 31: the JSON format is unchanged), for every kind, whatever the tokens hold
 * (quotes, line breaks, emoji, lone surrogates, keys that are array indices), and the audit too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditFromPlain, releaseFromPlain, type PlainRelease } from '../src/core/release/plainRelease.ts';
import { writtenText } from '../src/core/release/export/textWriter.ts';
import { INDENTED_BELOW_ROWS, writeAuditJson, writeReleaseJson } from '../src/core/release/writeJson.ts';
import type { Release } from '../src/core/release/types.ts';
import { parseRelease } from '../src/core/release/parseRelease.ts';
import { typed } from './helpers.ts';

const header = {
  format: 'txanon-release/1' as const,
  method: 'test',
  params: { k: 2, order: 'gray', flag: true },
  seed: 1,
  sensitive: ['s'],
};

const release = (rows: number) =>
  typed({
    ...header,
    model: 'k-anonymity',
    kind: 'transactions',
    transactions: Array.from({ length: rows }, (_, r) => [`item ${r % 3}`, 'b']),
  });

const text = (r: Release, indented?: boolean) =>
  writtenText((out) => writeReleaseJson(r, { write: (c) => out.bytes(c) }, indented));

describe('release JSON', () => {
  it('indents a release under the threshold and writes a larger one compact, both parse back equal', () => {
    const small = release(INDENTED_BELOW_ROWS - 1);
    const large = release(INDENTED_BELOW_ROWS);
    expect(text(small)).toContain('\n "transactions": [');
    expect(text(large)).not.toContain('\n');
    expect(parseRelease(text(small), 'small.json')).toEqual(small);
    expect(parseRelease(text(large), 'large.json')).toEqual(large);
  });

  const token = fc.oneof(
    fc.constantFrom(
      'a',
      'b',
      'whole milk',
      'a,b',
      'say "hi"',
      '\n',
      '😀',
      '\uD800',
      '\uDC00x',
      'é',
      '12',
      '0',
      '007',
      '4294967295',
      '__proto__',
      'constructor',
    ),
    fc.string({ maxLength: 4 }),
    fc.nat(3000).map(String),
  );
  const rows = fc.array(fc.array(token, { maxLength: 5 }), { maxLength: 8 });
  const plainRelease: fc.Arbitrary<PlainRelease> = fc.oneof(
    rows.map((transactions) => ({
      ...header,
      model: 'k-anonymity' as const,
      kind: 'transactions' as const,
      transactions,
    })),
    fc
      .record({
        transactions: rows,
        labels: fc.dictionary(token, fc.array(token, { maxLength: 3 })),
        suppressed: fc.array(token, { maxLength: 3 }),
      })
      .map(({ transactions, labels, suppressed }) => ({
        ...header,
        model: 'km-anonymity' as const,
        kind: 'generalized' as const,
        generalized: labels,
        suppressed,
        transactions,
      })),
    fc
      .array(fc.record({ qid: rows, sensitive: fc.dictionary(token, fc.nat(9)) }), { maxLength: 5 })
      .map((groups) => ({ ...header, model: 'p-degree' as const, kind: 'groups' as const, groups })),
    fc
      .record({
        columns: fc.array(fc.array(token, { maxLength: 3 }), { maxLength: 3 }),
        buckets: fc.array(fc.record({ size: fc.nat(5), columns: fc.array(rows, { maxLength: 3 }) }), {
          maxLength: 4,
        }),
      })
      .map(({ columns, buckets }) => ({
        ...header,
        model: 'l-diversity' as const,
        kind: 'buckets' as const,
        columns,
        buckets,
      })),
  );

  it('streams, compact or indented, exactly what JSON.stringify writes of the plain form (property)', () => {
    fc.assert(
      fc.property(plainRelease, (plain) => {
        // The plain form as JSON.parse gives it back (objects list keys in their JS order).
        const json = JSON.parse(JSON.stringify(plain)) as PlainRelease;
        const typedRelease = releaseFromPlain(json);
        expect(text(typedRelease, false)).toBe(JSON.stringify(json));
        expect(text(typedRelease, true)).toBe(JSON.stringify(json, null, 1));
      }),
      { numRuns: 400 },
    );
  });

  it('writes an audit as JSON.stringify does', () => {
    const audits = [
      { groups: [[0, 2], [], [1]] },
      { rowOf: [2, 0, 1] },
      { rowOf: [1, 0], constraints: [['a', 'b']], utility: [['a'], ['b']] },
      { buckets: [[1], [0, 2]] },
    ];
    for (const audit of audits)
      expect(
        writtenText((out) => writeAuditJson(auditFromPlain(audit), { write: (c) => out.bytes(c) })),
      ).toBe(JSON.stringify(audit));
  });
});
