import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { horpart } from '../src/core/methods/disassociation/horpart.ts';
import { verpart, VerpartScratch } from '../src/core/methods/disassociation/verpart.ts';
import { findCovers } from '../src/core/release/covers.ts';
import type {
  DisassociatedAudit,
  DisassociatedRelease,
  PlainCluster,
} from '../src/core/release/disassociated.ts';
import { parseAudit, parseRelease } from '../src/core/release/parseRelease.ts';
import { auditToPlain, releaseFromPlain, releaseToPlain } from '../src/core/release/plainRelease.ts';
import { verifyRelease } from '../src/core/release/verify.ts';
import { auditJsonText, writeReleaseJson } from '../src/core/release/writeJson.ts';
import { writtenText } from '../src/core/release/export/textWriter.ts';
import { exportRelease } from '../src/core/release/export/exportRelease.ts';
import { supportEstimator } from '../src/core/metrics/estimators.ts';
import { topkMetric } from '../src/core/metrics/topkAccuracy.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { teachRun } from '../src/core/run/teachRun.ts';
import { arbitraryRows, datasetOf, datasetOfTokens } from './helpers.ts';
import { checkDataset } from '../src/core/check/checkDataset.ts';

const paperRows = readFileSync('public/samples/disassociation-fig1a.csv', 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.split(','));
const paper = datasetOfTokens(paperRows);
const ids = (tokens: string[]) => tokens.map((t) => paper.dictionary.find(t)!);

function disassociate(
  dataset = paper,
  params: Record<string, number | boolean> = { k: 3, m: 2, maxCluster: 5 },
) {
  const { release, audit } = runMethod(dataset, { method: 'disassociation', params, seed: 7 });
  return { release: release as DisassociatedRelease, audit: audit as DisassociatedAudit };
}

const plainOf = (release: DisassociatedRelease) =>
  (releaseToPlain(release) as { clusters: PlainCluster[] }).clusters;

/** A hand-made release over the paper's rows 1-5 and 6-10 (Fig. 1b as we recall it), with its audit. */
function handMade(): { release: DisassociatedRelease; audit: DisassociatedAudit } {
  const p1 = [0, 1, 2, 3, 4];
  const p2 = [5, 6, 7, 8, 9];
  const chunk = (rows: number[], items: string[]) => {
    const held = rows.filter((r) => paperRows[r].some((t) => items.includes(t)));
    return {
      plain: { items, subrecords: held.map((r) => paperRows[r].filter((t) => items.includes(t))) },
      rows: held,
    };
  };
  const c1 = [chunk(p1, ['itunes', 'flu', 'madonna']), chunk(p1, ['audi a4', 'sony tv'])];
  const c2 = [chunk(p2, ['iphone sdk', 'digital camera', 'madonna'])];
  const release = releaseFromPlain({
    format: 'txanon-release/1',
    model: 'disassociation',
    method: 'disassociation',
    params: { k: 3, m: 2, maxCluster: 5, safe: false },
    seed: 1,
    sensitive: [],
    kind: 'disassociated',
    clusters: [
      { rows: 5, recordChunks: c1.map((c) => c.plain), termChunk: ['ikea', 'ruby', 'viagra'] },
      {
        rows: 5,
        recordChunks: c2.map((c) => c.plain),
        termChunk: ['ikea', 'panic disorder', 'playboy', 'ruby'],
      },
    ],
  }) as DisassociatedRelease;
  const audit: DisassociatedAudit = {
    clusters: { offsets: Uint32Array.of(0, 5, 10), items: Uint32Array.from([...p1, ...p2]) },
    subrecordOf: Uint32Array.from([...c1, ...c2].flatMap((c) => c.rows)),
  };
  return { release, audit };
}

describe('disassociation (Terrovitis et al., PVLDB 2012)', () => {
  it("VERPART cuts the paper's first cluster as its Fig. 1b does (as we recall it)", () => {
    const chunks = verpart(paper, [0, 1, 2, 3, 4], 3, 2, new VerpartScratch(paper.d));
    expect(chunks.domains).toEqual([ids(['itunes', 'flu', 'madonna']), ids(['audi a4', 'sony tv'])]);
    expect(chunks.term.map((id) => paper.dictionary.token(id)).sort()).toEqual(['ikea', 'ruby', 'viagra']);
    // With k = 4 no pair is held by 4 rows: each frequent item gets a chunk of its own.
    const k4 = verpart(paper, [0, 1, 2, 3, 4], 4, 2, new VerpartScratch(paper.d));
    expect(k4.domains).toEqual([ids(['itunes']), ids(['flu']), ids(['madonna'])]);
  });

  it('HORPART splits on the most frequent item that leaves k rows each side, into clusters of k to maxCluster rows', () => {
    const splits: string[] = [];
    const clusters = horpart(paper, 3, 5, (s) => splits.push(paper.dictionary.token(s.item)));
    // madonna (8 rows) would leave 2: itunes (4 rows, the first of the four items held by 4) is taken.
    expect(splits[0]).toBe('itunes');
    expect(clusters.map((c) => Array.from(c))).toEqual([
      [0, 2, 3, 4],
      [1, 6, 9],
      [5, 7, 8],
    ]);
    for (const c of clusters) expect(c.length).toBeGreaterThanOrEqual(3);
  });

  it("publishes a verified release of the paper's example, every item as it is", () => {
    const { release, audit } = disassociate();
    expect(verifyRelease(paper, release, audit)).toEqual({
      verified: true,
      partitionComplete: true,
      problems: [],
    });
    const clusters = plainOf(release);
    const published = clusters.flatMap((c) => [...c.termChunk, ...c.recordChunks.flatMap((ch) => ch.items)]);
    expect(new Set(published)).toEqual(new Set(paper.dictionary.tokens));
    // Every occurrence is published: in a sub-record, or as an item of its cluster's term chunk.
    const inChunks = clusters.reduce(
      (s, c) => s + c.recordChunks.flat().reduce((t, ch) => t + ch.subrecords.flat().length, 0),
      0,
    );
    expect(inChunks).toBeGreaterThan(0);
    expect(release.params).toEqual({ k: 3, m: 2, maxCluster: 5, safe: false });
  });

  it('the verifier catches a release whose chunk is not k^m-anonymous, an item in two chunks, a row lost', () => {
    const { release, audit } = handMade();
    expect(verifyRelease(paper, release, audit).verified).toBe(true);
    const plain = plainOf(release);
    const bad = (change: (clusters: PlainCluster[]) => void) => {
      const copy = structuredClone(plain);
      change(copy);
      return verifyRelease(
        paper,
        releaseFromPlain({ ...releaseToPlain(release), clusters: copy } as never),
        audit,
      );
    };
    // ikea (rows 1 and 3) moved into a record chunk: the projections then differ, and 2 < k.
    expect(bad((c) => c[0].termChunk.splice(0, 1)).problems.join()).toMatch(/ikea .* in none of its chunks/);
    expect(bad((c) => c[0].termChunk.push('flu')).problems.join()).toMatch(/flu is published in two/);
    expect(bad((c) => (c[0].rows = 4)).verified).toBe(false);
    // A stricter k: the hand-made chunks hold pairs in 3 sub-records only.
    const strict = releaseFromPlain({
      ...releaseToPlain(release),
      params: { ...release.params, k: 4 },
    } as never);
    expect(verifyRelease(paper, strict, audit).problems.join()).toMatch(/fewer than 4 of its sub-records/);
    const lost = {
      ...audit,
      clusters: { offsets: Uint32Array.of(0, 5, 9), items: audit.clusters.items.slice(0, 9) },
    };
    expect(verifyRelease(paper, release, lost).partitionComplete).toBe(false);
  });

  it('estimates supports as the expectation over the random joins of chunks', () => {
    const { release, audit } = handMade();
    const estimate = supportEstimator(paper, release, audit);
    // Within a chunk: exact (itunes and flu share rows 1, 4, 5).
    expect(estimate(ids(['itunes', 'flu']))).toBe(3);
    // Across chunks of P1: 5 x (4/5) x (3/5); madonna also in P2's chunk (4 of 5).
    expect(estimate(ids(['itunes', 'audi a4']))).toBeCloseTo(5 * (4 / 5) * (3 / 5));
    expect(estimate(ids(['madonna']))).toBe(8);
    // A term-chunk item counts once per cluster it is published in.
    expect(estimate(ids(['ruby']))).toBe(2);
    expect(estimate(ids(['viagra', 'flu']))).toBeCloseTo(5 * (1 / 5) * (4 / 5));
    expect(estimate([])).toBe(10);
    expect(estimate(ids(['playboy', 'flu']))).toBe(0);
  });

  it('round-trips through JSON, indented and streamed, and its audit', () => {
    const { release, audit } = disassociate();
    for (const indented of [true, false]) {
      const text = writtenText((out) => writeReleaseJson(release, { write: (c) => out.bytes(c) }, indented));
      expect(releaseToPlain(parseRelease(text, 'r.json'))).toEqual(releaseToPlain(release));
    }
    const back = parseAudit(auditJsonText(audit), 'a.json', 'disassociated');
    expect(auditToPlain(back)).toEqual(auditToPlain(audit));
    expect(() =>
      parseRelease(JSON.stringify({ ...releaseToPlain(release), clusters: [{ rows: 1 }] }), 'x.json'),
    ).toThrow(/x\.json: clusters\[0\]\.recordChunks/);
  });

  it('exports the chunks as one csv-long table, and Parquet; refuses row formats', () => {
    const { release } = handMade();
    const [file] = exportRelease(release, 'csv-long');
    const lines = writtenText((out) => file.write({ write: (c) => out.bytes(c) }))
      .trim()
      .split('\n');
    expect(lines[0]).toBe('cluster,rows,chunk,subrecord,item');
    const items = plainOf(release).reduce(
      (s, c) => s + c.termChunk.length + c.recordChunks.reduce((t, ch) => t + ch.subrecords.flat().length, 0),
      0,
    );
    expect(lines.length - 1).toBe(items);
    expect(lines).toContain('1,5,0,0,viagra');
    expect(lines).toContain('2,5,1,1,madonna');
    expect(exportRelease(release, 'parquet-long')[0].extension).toBe('parquet');
    expect(() => exportRelease(release, 'fimi')).toThrow(/csv-long or parquet-long/);
  });

  it('random datasets: every release verified, no row lost or repeated (plain and safe)', () => {
    fc.assert(
      fc.property(
        arbitraryRows(14, 60, 6),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (rows, k, m, safe) => {
          fc.pre(rows.length >= k && rows.some((r) => r.length > 0));
          const dataset = datasetOf(rows);
          const { release, audit } = disassociate(dataset, { k, m, maxCluster: 2 * k + 1, safe });
          const verification = verifyRelease(dataset, release, audit);
          expect(verification.problems).toEqual([]);
          const seen = Array.from(audit.clusters.items).sort((a, b) => a - b);
          expect(seen).toEqual(Array.from({ length: dataset.n }, (_, r) => r));
          if (safe) {
            const clusters = plainOf(release);
            for (const c of clusters)
              expect(
                findCovers(
                  c.recordChunks.map((ch) => ch.subrecords.map((s) => ids2(dataset, s))),
                  c.rows,
                  k,
                  m,
                ),
              ).toEqual([]);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the safe variant leaves out occurrences so that no itemset across chunks is forced into fewer than k rows', () => {
    // Ten rows, k = 3: a in eight, b in four, {a, b} in two (< k, so separate chunks), which
    // force 8 + 4 - 10 = 2 rows to hold {a, b}: a cover. Two of a's occurrences go.
    const rows = [[1], [1], [1], [1], [1], [1], [1, 2], [1, 2], [2], [2]];
    const dataset = datasetOf(rows);
    const plain = disassociate(dataset, { k: 3, m: 2, maxCluster: 10, safe: false });
    const chunks = plainOf(plain.release)[0].recordChunks;
    expect(chunks.map((c) => c.items)).toEqual([['1'], ['2']]);
    expect(
      findCovers(
        chunks.map((c) => c.subrecords.map((s) => ids2(dataset, s))),
        10,
        3,
        2,
      ),
    ).toEqual([{ parts: [[0], [1]], chunks: [0, 1], supports: [8, 4], forced: 2 }]);
    const safe = disassociate(dataset, { k: 3, m: 2, maxCluster: 10, safe: true });
    expect(verifyRelease(dataset, safe.release, safe.audit).problems).toEqual([]);
    expect(safe.audit.suppressed?.length).toBe(4); // two (row, item) pairs
    expect(plainOf(safe.release)[0].recordChunks.map((c) => c.subrecords.length)).toEqual([6, 4]);
    // The same release without its params' `safe` fails the plain verifier (it suppresses).
    const unsafe = { ...safe.release, params: { ...safe.release.params, safe: false } };
    expect(verifyRelease(dataset, unsafe, safe.audit).verified).toBe(false);
    // And the plain release fails the safe verifier: it has the cover.
    const claimed = { ...plain.release, params: { ...plain.release.params, safe: true } };
    expect(verifyRelease(dataset, claimed, plain.audit).problems.join()).toMatch(/a cover/);
    // Where suppression would break a chunk's k^m-anonymity, the item goes to the term chunk:
    // six rows, k = 5, a and b in five each, {a, b} in four: removing 4 of a's would leave 1 < k.
    const tight = datasetOf([[1, 2], [1, 2], [1, 2], [1, 2], [1], [2]]);
    const moved = disassociate(tight, { k: 5, m: 2, maxCluster: 9, safe: true });
    expect(verifyRelease(tight, moved.release, moved.audit).verified).toBe(true);
    expect(plainOf(moved.release)[0].recordChunks).toHaveLength(1);
    expect(plainOf(moved.release)[0].termChunk).toHaveLength(1);
  });

  it('topk.re: the median relative error of the top 100 itemsets, for every kind', () => {
    const { release, audit } = handMade();
    const { re } = topkMetric.compute(paper, release, audit, { seed: 1 });
    expect(re).toBeGreaterThanOrEqual(0);
    const exact = runMethod(paper, { method: 'pta', params: { k: 2 }, seed: 1, metrics: ['topk'] });
    expect(exact.record.metrics.re).toBeGreaterThan(0);
    const km = runMethod(paper, { method: 'apriori-km', params: { k: 2, m: 1 }, seed: 1, metrics: ['topk'] });
    expect(Object.keys(km.record.metrics)).toEqual(['re']);
  });

  it('teaches the paper example: splits, one VERPART step per cluster, then the release', () => {
    const trace = teachRun(paper, {
      method: 'disassociation',
      params: { k: 3, m: 2, maxCluster: 5 },
      seed: 1,
    });
    const titles = trace.steps.map((s) => s.title);
    expect(titles[0]).toBe('The transactions');
    expect(titles.filter((t) => t.startsWith('HORPART'))).toHaveLength(2);
    expect(titles.filter((t) => t.startsWith('VERPART'))).toHaveLength(3);
    const verpartStep = trace.steps.find((s) => s.title.startsWith('VERPART'))!;
    expect(verpartStep.candidates?.some((c) => c.chosen === false || c.chosen === true)).toBe(true);
    expect(trace.steps.at(-1)!.state.kind).toBe('table');
  });
});

describe('check --model disassociation: the input as one cluster, one record chunk', () => {
  it('holds exactly when the input is k^m-anonymous, and offers the same level', () => {
    fc.assert(
      fc.property(
        arbitraryRows(8, 30, 4),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 2 }),
        (rows, k, m) => {
          const dataset = datasetOf(rows);
          fc.pre(dataset.n >= k);
          const asIs = checkDataset(dataset, { model: 'disassociation', k, m });
          const km = checkDataset(dataset, { model: 'km-anonymity', k, m });
          expect(asIs.holds).toBe(km.holds);
          expect(asIs.offered).toBe(Math.min(km.offered, dataset.n));
        },
      ),
      { numRuns: 40 },
    );
    expect(checkDataset(paper, { model: 'disassociation', k: 2, m: 2 }).problems.join()).toMatch(
      /fewer than 2/,
    );
  });
});

function ids2(dataset: ReturnType<typeof datasetOf>, tokens: string[]): number[] {
  return tokens.map((t) => dataset.dictionary.find(t)!);
}
