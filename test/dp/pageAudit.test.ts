/**
 * The page's audit of a synthetic DP release reads back in `evaluate` (issue 45): the page publishes
 * through publishRun, which gave every `transactions` audit the key of k-anonymity rules, so the
 * audit of a DiffPart (or PrivBayes) release carried a `rulesKey` its shape does not have and
 * `evaluate` refused it ("rulesKey: not a field of this file"). Only audits that link rows to input
 * rows get the key now; a k-anonymity run's audit keeps it.
 */
import { describe, expect, it } from 'vitest';
import { publishRun } from '../../src/core/run/publishRun.ts';
import { parseAudit, parseRelease } from '../../src/core/release/parseRelease.ts';
import { auditJsonText } from '../../src/core/release/writeJson.ts';
import { releaseToPlain } from '../../src/core/release/plainRelease.ts';
import { verifyRelease } from '../../src/core/release/verify.ts';
import { datasetOf } from '../helpers.ts';

const rows = Array.from({ length: 60 }, (_, r) => [r % 5, (r * 3) % 7, 7 + (r % 2)]);

describe('the audit the page writes', () => {
  for (const method of ['diffpart', 'privbayes']) {
    it(`${method}: no rules key, and evaluate's parser reads it back and verifies`, () => {
      const dataset = datasetOf(rows);
      const run = publishRun(dataset, { method, params: { epsilon: 2 }, seed: 5, seededNoise: true }, {}, {});
      expect('rulesKey' in run.audit).toBe(false);
      const release = parseRelease(JSON.stringify(releaseToPlain(run.release)), 'release.json');
      const audit = parseAudit(auditJsonText(run.audit), 'audit.json', release.kind, release.model);
      expect(verifyRelease(dataset, release, audit).problems).toEqual([]);
    });
  }

  it('a k-anonymity transactions run still keeps its rules key with the audit', () => {
    const run = publishRun(datasetOf(rows), { method: 'pta', params: { k: 2 }, seed: 5 }, {}, {});
    expect('rulesKey' in run.audit).toBe(true);
  });
});
