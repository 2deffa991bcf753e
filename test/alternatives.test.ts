/**
 * The "read with care" box's alternatives (issue 32): the other methods of the model at the same
 * levels (COAT's constraints model counts as k^m), the method's other choices, and the ranking.
 */
import { describe, expect, it } from 'vitest';
import { methodInfo } from '../src/core/methods/types.ts';
import { METHODS } from '../src/core/methods/registry.ts';
import {
  alternativesOf,
  lessLossWords,
  losesLess,
  measuresUnasked,
  measuringTime,
} from '../src/ui/anonymize/alternatives.ts';
import { releaseFactsOf } from './helpers.ts';
import type { RunRecord } from '../src/core/run/runRecord.ts';

const catalogue = METHODS.map(methodInfo);
const record = (method: string, params: RunRecord['params']): RunRecord => ({
  method,
  params,
  seed: 3,
  sensitive: [],
  verified: true,
  problems: [],
  metrics: {},
  runtime_ms: 1,
  total_ms: 1,
  summary: releaseFactsOf(),
  warnings: [],
  peak_bytes: null,
  notes: {},
  command: '',
});

describe('alternatives of a lossy run', () => {
  it('apriori-km: COAT at the same k and m, and every other order of a built hierarchy', () => {
    const alternatives = alternativesOf(
      record('apriori-km', { k: 5, m: 2, hierarchy: '', f: 5, order: 'support' }),
      catalogue,
    );
    expect(alternatives.map((a) => a.label)).toEqual([
      'coat (k = 5, m = 2)',
      'apriori-km, order = cooccurrence',
      'apriori-km, order = alphabetical',
      'apriori-km, order = id',
    ]);
    expect(alternatives[0].request).toMatchObject({ method: 'coat', params: { k: 5, m: 2 }, seed: 3 });
    // A given hierarchy decides the cut: no order to vary.
    const given = alternativesOf(
      record('apriori-km', { k: 5, m: 2, hierarchy: 'a;*\nb;*', f: 5, order: 'support' }),
      catalogue,
    );
    expect(given.map((a) => a.label)).toEqual(['coat (k = 5, m = 2)']);
  });

  it("COAT in k^m mode is measured against apriori-km; with m = 0 (the user's constraints) it is not", () => {
    const km = alternativesOf(record('coat', { k: 5, m: 2, s: 15 }), catalogue);
    expect(km.map((a) => a.label)).toContain('apriori-km (k = 5, m = 2)');
    const constraints = alternativesOf(
      record('coat', { k: 5, m: 0, s: 15, constraints: 'a,b,c\nd,e,f,g,h' }),
      catalogue,
    );
    expect(constraints.map((a) => a.request.method)).not.toContain('apriori-km');
  });

  it('ranks by NCP where both have it, else by the share lost', () => {
    expect(
      losesLess({ label: 'a', lostShare: 0.9, ncp: 0.1 }, { label: 'b', lostShare: 0.2, ncp: 0.2 }),
    ).toBe(true);
    expect(losesLess({ label: 'a', lostShare: 0.3 }, { label: 'b', lostShare: 0.2, ncp: 0.2 })).toBe(false);
  });

  it('the verdict names the loss that decided, first: NCP even where the share lost is higher', () => {
    const coat = { label: 'coat', lostShare: 0.65, ncp: 0.005819, avgre: 0.8936 };
    const self = { label: 'apriori-km', lostShare: 0.62, ncp: 0.009994, avgre: 2.313 };
    expect(losesLess(coat, self)).toBe(true);
    expect(lessLossWords(coat, self)).toEqual({
      by: 'NCP',
      detail:
        'NCP 0.005819 (this run: 0.009994); 65% of the occurrences generalized or suppressed (this run: 62%); AvgRE 0.8936 (this run: 2.313)',
    });
    const noNcp = lessLossWords({ label: 'a', lostShare: 0.3 }, { label: 'b', lostShare: 0.5 });
    expect(noNcp.by).toBe('the share of occurrences generalized or suppressed');
    expect(noNcp.detail).toBe('30% of the occurrences generalized or suppressed (this run: 50%)');
  });

  it('measures unasked only while the alternatives are short; a large file waits for a click', () => {
    const alternatives = alternativesOf(record('apriori-km', { k: 5, m: 2 }), catalogue);
    expect(alternatives.length).toBeGreaterThan(1);
    const quick = { ...record('apriori-km', { k: 5, m: 2 }), total_ms: 800 };
    const slow = { ...record('apriori-km', { k: 5, m: 2 }), total_ms: 60_000 };
    expect(measuringTime(alternatives, slow)).toBe(alternatives.length * 60_000);
    expect(measuresUnasked(measuringTime(alternatives, quick))).toBe(true);
    expect(measuresUnasked(measuringTime(alternatives, slow))).toBe(false);
  });
});
