/**
 * Every release re-checkable (issue 32, DESIGN.md sec. 4): a groups export (NAME.csv and
 * NAME-sensitive.csv) and a buckets export are read back as what they are, never as relational
 * data, and Check verifies their model on them: p-degree from the published counts, l-diversity per
 * bucket. On random data (property), a gray-cahd export holds at its p and fails above the degree
 * it offers; a multi-anatomy export holds at its l. l-diversity on basket data takes the sensitive
 * items as a column of their own.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseText } from '../src/core/data/parsers/index.ts';
import { exportRelease } from '../src/core/release/export/exportRelease.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { checkExport } from '../src/core/check/checkExport.ts';
import { checkDataset } from '../src/core/check/checkDataset.ts';
import { readBucketsExport, readGroupsExport } from '../src/core/check/exportedTables.ts';
import { arbitraryRows, datasetOf, textOf } from './helpers.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { bucketsExportArgs, groupsExportArgs } from './exportRuns.ts';

const pDegree = (p: number) => ({ model: 'p-degree' as const, p, sensitive: { items: [] }, seed: 1 });

describe('a groups export read back (property)', () => {
  it("holds at the run's p, offers its least degree, and fails above it", () => {
    fc.assert(
      fc.property(arbitraryRows(12, 40, 5), fc.integer({ min: 2, max: 3 }), (rows, p) => {
        const dataset = datasetOf(rows);
        let outcome;
        try {
          outcome = runMethod(dataset, {
            method: 'gray-cahd',
            params: { p },
            seed: 1,
            sensitive: { top: 1 },
          });
        } catch {
          return; // infeasible setting: nothing to check
        }
        const [qid, sensitive] = exportRelease(outcome.release, 'csv-long');
        const qidText = textOf(qid);
        // As data: the QID rows by `row`, never relational.
        if (outcome.release.kind === 'groups' && outcome.release.groups.qid.items.length > 0) {
          const parsed = parseText(qidText, { fileName: 'g.csv' });
          expect(parsed.format).toBe('csv-long');
          expect(parsed.layout).toBe('groups');
        }
        const exported = readGroupsExport(
          { name: 'g.csv', text: qidText },
          { name: 'g-sensitive.csv', text: textOf(sensitive) },
        );
        const result = checkExport(exported, pDegree(p));
        expect(result.holds).toBe(true);
        expect(result.offered).toBeGreaterThanOrEqual(p);
        if (Number.isFinite(result.offered)) {
          const above = checkExport(exported, pDegree(Math.floor(result.offered) + 1));
          expect(above.holds).toBe(false);
          expect(above.problems[0]).toMatch(/^group \d+: \d+ of its \d+ rows holds? .*, degree .* < p = /);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('a bad table names its file, line and column; the sensitive table alone is no dataset', () => {
    const qid = { name: 'g.csv', text: 'group,row,item\n1,1,a\n1,2,b\nx,3,c\n' };
    const sensitive = { name: 'g-sensitive.csv', text: 'group,item,count\n1,s,1\n' };
    expect(() => readGroupsExport(qid, sensitive)).toThrow(
      "g.csv:4:1: expected the group number, a positive integer, found 'x'",
    );
    const fine = { name: 'g.csv', text: 'group,row,item\n1,1,a\n1,2,b\n' };
    expect(() =>
      readGroupsExport(fine, { name: 'g-sensitive.csv', text: 'group,item,count\n2,s,1\n' }),
    ).toThrow('g-sensitive.csv:2:1: group 2 has no rows in g.csv');
    expect(() =>
      readGroupsExport(fine, { name: 'g-sensitive.csv', text: 'group,item,count\n1,s,3\n' }),
    ).toThrow("g-sensitive.csv:2:5: count 3 of 's' in group 1, which publishes 2 rows in g.csv");
    expect(() => parseText('group,item,count\n1,s,1\n', { fileName: 'g-sensitive.csv' })).toThrow(
      /g-sensitive\.csv:1:1: this is the sensitive table of a groups export .*load it together with g\.csv/,
    );
    // A k-anonymity check of a groups export names the model it guarantees.
    expect(() =>
      checkExport(readGroupsExport(fine, { name: 'g-sensitive.csv', text: 'group,item,count\n1,s,1\n' }), {
        model: 'k-anonymity',
        k: 2,
      }),
    ).toThrow(/groups export .* check it with the p-degree model/);
  });
});

describe('a buckets export read back', () => {
  it('a multi-anatomy export holds at its l and names what is over-represented in words', () => {
    const rows = Array.from({ length: 40 }, (_, r) => [r % 5, 5 + (r % 4), 9 + (r % 3)]);
    const dataset = datasetOf(rows);
    const outcome = runMethod(dataset, { method: 'multi-anatomy', params: { l: 2, columns: 2 }, seed: 1 });
    const [table] = exportRelease(outcome.release, 'csv-long');
    const text = textOf(table);
    expect(parseText(text, { fileName: 'a.csv' }).layout).toBe('buckets');
    const exported = readBucketsExport({ name: 'a.csv', text });
    const holds = checkExport(exported, { model: 'l-diversity', l: 2, columns: [] });
    expect(holds.holds).toBe(true);
    const fails = checkExport(exported, { model: 'l-diversity', l: 40, columns: [] });
    expect(fails.holds).toBe(false);
    expect(fails.problems[0]).toMatch(
      /^bucket \d+, column \d+: \d+ of its \d+ rows holds? \{.*\} there, above 1\/40 of them/,
    );
  });
});

describe('l-diversity on basket data', () => {
  it('the sensitive items are one column, the rest what an attacker knows; offenders in words', () => {
    const dataset = datasetOf([
      [1, 2, 9],
      [1, 2],
      [1, 3, 9],
      [1, 3],
    ]);
    const result = checkDataset(dataset, {
      model: 'l-diversity',
      l: 2,
      columns: [],
      sensitive: { items: ['9'] },
    });
    // Rows {1,2} and {1,3} are buckets of 2: one holds 9, one nothing.
    expect(result.holds).toBe(true);
    const strict = checkDataset(dataset, {
      model: 'l-diversity',
      l: 3,
      columns: [],
      sensitive: { items: ['9'] },
    });
    expect(strict.holds).toBe(false);
    expect(strict.problems.join('\n')).toMatch(
      /1 of its 2 rows holds (\{9\}|nothing) there, above 1\/3 of them/,
    );
    expect(strict.problems.join('\n')).not.toMatch(/\[\]/);
  });
});

describe('cli check of exports', () => {
  it('anonymize --method gray-cahd --export g.csv, then check g.csv --model p-degree holds (sensitive table beside it)', async () => {
    const s = scratch('export-check');
    const g = s.path('g.csv');
    const run = await cliInProcess(...groupsExportArgs(s.path('r.json'), g));
    expect(run.code, run.stderr).toBe(0);
    const check = await cliInProcess('check', g, '--model', 'p-degree', '--p', '4');
    expect(check.code, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ model: 'p-degree', holds: true });
    expect(JSON.parse(check.stdout).reading).toMatch(/groups export \(g\.csv and g-sensitive\.csv\)/);
    const wrong = await cliInProcess('check', g, '--model', 'k-anonymity', '--k', '2');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/check it with the p-degree model/);

    const a = s.path('a.csv');
    const anatomy = await cliInProcess(...bucketsExportArgs(s.path('a.json'), a));
    expect(anatomy.code, anatomy.stderr).toBe(0);
    const diverse = await cliInProcess('check', a, '--model', 'l-diversity', '--l', '2');
    expect(JSON.parse(diverse.stdout)).toMatchObject({ model: 'l-diversity', holds: true, offers: 2 });

    // Without its sensitive table, a groups export says which file it needs.
    const alone = scratch('export-alone');
    const lone = alone.file('g.csv', 'group,row,item\n1,1,a\n1,2,b\n');
    const missing = await cliInProcess('check', lone, '--model', 'p-degree', '--p', '2');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/g-sensitive\.csv \(group,item,count\), must be beside it/);
  });
});
