/**
 * `txanon check` reading a disassociated release back (core/check/disassociatedExport.ts,
 * checkDisassociatedExport.ts): the table its export writes and its release file, checked without
 * the input. On random data (property) an export holds at the run's k and m, offers at least k,
 * and fails above what it offers; tampered tables fail with the problem named; the cover of the
 * crafted file is counted in the plain release and a problem when a release file claims safe; bad
 * fields are refused at their line and column (exit 2).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkDisassociatedExport,
  checkDisassociatedRequest,
} from '../src/core/check/checkDisassociatedExport.ts';
import {
  disassociatedJsonAsTable,
  readDisassociatedJson,
  readDisassociatedRelease,
  readDisassociatedTable,
} from '../src/core/check/disassociatedExport.ts';
import { exportRelease } from '../src/core/release/export/exportRelease.ts';
import type { DisassociatedRelease } from '../src/core/release/disassociated.ts';
import { plainClusters } from '../src/core/release/disassociated.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { Release } from '../src/core/release/types.ts';
import { writeReleaseJson } from '../src/core/release/writeJson.ts';
import { writtenText } from '../src/core/release/export/textWriter.ts';
import { arbitraryRows, datasetOf, textOf } from './helpers.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { disassociatedExportArgs } from './exportRuns.ts';

function disassociate(rows: number[][], params: Record<string, number | boolean>) {
  const data = datasetOf(rows);
  const run = runMethod(data, { method: 'disassociation', params, seed: 3 });
  const release = run.release as DisassociatedRelease;
  const [table] = exportRelease(release, 'csv-long');
  return { release, csv: textOf(table) };
}

const coverRows = [[1], [1], [1], [1], [1], [1], [1, 2], [1, 2], [2], [2]];

describe('a disassociated export read back', () => {
  it("holds at the run's k and m, offers at least k, fails above what it offers (property)", () => {
    fc.assert(
      fc.property(
        arbitraryRows(10, 40, 5),
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        (rows, k, m) => {
          fc.pre(rows.length >= 2 * k && rows.some((r) => r.length > 0));
          const { release, csv } = disassociate(rows, { k, m, maxCluster: 2 * k + 1 });
          const exported = readDisassociatedTable({ name: 'd.csv', text: csv });
          // The table rebuilds the clusters (a chunk's items: those its sub-records hold).
          const plain = plainClusters(release.clusters);
          expect(exported.clusters.map((c) => c.rows)).toEqual(plain.map((c) => c.rows));
          expect(exported.clusters.map((c) => c.recordChunks.map((ch) => ch.subrecords))).toEqual(
            plain.map((c) => c.recordChunks.map((ch) => ch.subrecords)),
          );
          expect(exported.clusters.map((c) => c.termChunk)).toEqual(plain.map((c) => c.termChunk));
          const result = checkDisassociatedExport(exported, k, m);
          expect(result.problems).toEqual([]);
          expect(result.offered).toBeGreaterThanOrEqual(k);
          expect(checkDisassociatedExport(exported, result.offered + 1, m).holds).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('tampered tables fail, each problem named', () => {
    const { csv } = disassociate(coverRows, { k: 3, m: 2, maxCluster: 10 });
    const check = (text: string, k = 3) =>
      checkDisassociatedExport(readDisassociatedTable({ name: 'd.csv', text }), k, 2);
    expect(check(csv).holds).toBe(true);
    // Two of bread's four sub-records gone: bread held by 2 < k.
    const lines = csv.trim().split('\n');
    const bread = lines.filter((l) => l.endsWith(',2'));
    const cut = lines.filter((l) => l !== bread[0] && l !== bread[1]).join('\n');
    expect(check(cut).problems.join()).toMatch(/\{2\} is held by 2 of its sub-records, fewer than k = 3/);
    // Bread also in the term chunk.
    const twice = `${lines.filter((l) => !l.startsWith('1,10,0,0')).join('\n')}\n1,10,0,0,2\n`;
    expect(check(twice).problems.join()).toMatch(
      /item 2 is published in record chunk 2 and in the term chunk/,
    );
    // A chunk of more sub-records than rows, and a cluster below k.
    expect(check(csv, 11).problems.join()).toMatch(/cluster 1: 10 rows, fewer than k = 11/);
  });

  it('the cover of the crafted file: counted in the plain release, a problem where the file claims safe', () => {
    const { release, csv } = disassociate(coverRows, { k: 3, m: 2, maxCluster: 10 });
    const plain = checkDisassociatedExport(readDisassociatedTable({ name: 'd.csv', text: csv }), 3, 2);
    expect(plain.holds).toBe(true);
    expect(plain.reading).toMatch(/1 cluster\(s\) have a cover/);
    const claimed = { ...release, params: { ...release.params, safe: true } };
    const json = JSON.stringify({
      format: claimed.format,
      model: claimed.model,
      method: claimed.method,
      params: claimed.params,
      seed: claimed.seed,
      sensitive: claimed.sensitive,
      kind: 'disassociated',
      clusters: plainClusters(claimed.clusters),
    });
    const result = checkDisassociatedExport(readDisassociatedJson({ name: 'd.json', text: json }), 3, 2);
    expect(result.holds).toBe(false);
    expect(result.problems.join()).toMatch(/force \{1, 2\} into 2 rows, fewer than k = 3 \(a cover/);
    const safe = disassociate(coverRows, { k: 3, m: 2, maxCluster: 10, safe: true });
    const safeResult = checkDisassociatedExport(
      readDisassociatedTable({ name: 's.csv', text: safe.csv }),
      3,
      2,
    );
    expect(safeResult.holds).toBe(true);
    expect(safeResult.reading).toMatch(/no cluster has a cover/);
  });

  it("a release file read as its table (the page's load) and either read back for Check", () => {
    const { release, csv } = disassociate(coverRows, { k: 3, m: 2, maxCluster: 10 });
    const jsonOf = (r: Release) => writtenText((out) => writeReleaseJson(r, { write: (c) => out.bytes(c) }));
    const json = jsonOf(release);
    // The page reads a release file as the table its export writes.
    expect(disassociatedJsonAsTable(json, 'd.json')).toBe(csv);
    const fromJson = readDisassociatedRelease({ name: 'd.json', text: json });
    const fromTable = readDisassociatedRelease({ name: 'd.csv', text: csv });
    expect(fromJson.clusters).toEqual(readDisassociatedJson({ name: 'd.json', text: json }).clusters);
    expect(fromJson.params).toEqual(release.params);
    expect(fromTable.params).toBeUndefined();
    expect(fromTable.clusters.map((c) => c.recordChunks.map((ch) => ch.subrecords))).toEqual(
      fromJson.clusters.map((c) => c.recordChunks.map((ch) => ch.subrecords)),
    );
    // A release file of another kind is no disassociated table.
    const other = runMethod(datasetOf(coverRows), { method: 'apriori-km', params: { k: 2, m: 2 }, seed: 1 });
    expect(disassociatedJsonAsTable(jsonOf(other.release), 'o.json')).toBeNull();
  });

  it("the page's request (the worker's checkExport): the disassociation model only, as the CLI's check", () => {
    const { csv } = disassociate(coverRows, { k: 3, m: 2, maxCluster: 10 });
    const exported = readDisassociatedTable({ name: 'd.csv', text: csv });
    const asked = checkDisassociatedRequest(exported, { model: 'disassociation', k: 3, m: 2 });
    expect(asked).toEqual(checkDisassociatedExport(exported, 3, 2));
    expect(asked.holds).toBe(true);
    expect(checkDisassociatedRequest(exported, { model: 'disassociation', k: 5, m: 2 }).holds).toBe(false);
    expect(() => checkDisassociatedRequest(exported, { model: 'km-anonymity', k: 3, m: 2 })).toThrow(
      /d\.csv is a disassociated release .* check it with the disassociation model/,
    );
  });

  it('the CLI: the table and the release file checked; bad fields and other models refused (exit 2)', async () => {
    const dir = scratch('check-dis');
    const data = dir.file('cover.csv', 'apple\n'.repeat(6) + 'apple,bread\n'.repeat(2) + 'bread\n'.repeat(2));
    const out = dir.path('r.json');
    const exported = await cliInProcess(...disassociatedExportArgs(data, out, dir.path('r.csv'), '--quiet'));
    expect(exported.code).toBe(0);
    // The same release's Parquet table (parquet-long).
    const parquet = await cliInProcess(
      ...disassociatedExportArgs(data, dir.path('p.json'), dir.path('r.parquet'), '--quiet'),
      ...['--export-format', 'parquet-long'],
    );
    expect(parquet.code, parquet.stderr).toBe(0);
    for (const file of [dir.path('r.csv'), out, dir.path('r.parquet')]) {
      const result = await cliInProcess('check', file, '--model', 'disassociation', '--k', '3', '--m', '2');
      expect(result.code).toBe(0);
      const printed = JSON.parse(result.stdout);
      expect(printed.holds).toBe(true);
      expect(printed.offers).toBe(4);
      expect(printed.reading).toMatch(/have a cover/);
      expect(
        JSON.parse((await cliInProcess('check', file, '--model', 'disassociation', '--k', '5')).stdout).holds,
      ).toBe(false);
    }
    const other = await cliInProcess('check', dir.path('r.csv'), '--model', 'k-anonymity');
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/disassociated release .* check it with --model disassociation/);
    const bad = dir.file('bad.csv', 'cluster,rows,chunk,subrecord,item\n1,10,1,1,apple\n1,x,1,2,apple\n');
    const refused = await cliInProcess('check', bad, '--model', 'disassociation');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/bad\.csv:3:3: expected the cluster's number of rows/);
    const mixed = dir.file('mixed.csv', 'cluster,rows,chunk,subrecord,item\n1,10,1,1,apple\n1,9,1,2,apple\n');
    expect((await cliInProcess('check', mixed, '--model', 'disassociation')).stderr).toMatch(
      /mixed\.csv:3:3: cluster 1 has 10 rows on an earlier line, 9 here/,
    );
  });
});
