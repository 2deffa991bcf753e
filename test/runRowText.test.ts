/**
 * What the runs tables and the forms say of a run: no empty `constraints= utility= hierarchy=`, a
 * document by its size; apriori-km cites Terrovitis et al. under its Terrovitis label (restated by
 * the COAT paper), COAT the COAT paper.
 */
import { describe, expect, it } from 'vitest';
import { paramsText } from '../src/ui/widgets/paramsText.ts';
import { listMethods } from '../src/core/methods/registry.ts';

describe('a run on one line', () => {
  it('leaves out the parameters left empty and shows a document by its size', () => {
    expect(paramsText({ k: 5, m: 2, constraints: '', utility: '', hierarchy: '' })).toBe('k=5 m=2');
    expect(paramsText({ k: 5, hierarchy: 'a;b\nc;b\n'.repeat(10) })).toBe('k=5 hierarchy=(20 lines)');
  });
});

describe('citations', () => {
  const method = (id: string) => listMethods().find((m) => m.id === id)!;
  it('apriori-km cites Terrovitis et al., as the COAT paper restates them; COAT cites COAT', () => {
    expect(method('apriori-km').label).toMatch(/Terrovitis/);
    expect(method('apriori-km').citation).toMatch(
      /^Terrovitis, Mamoulis, Kalnis — .*COAT paper\) \(PVLDB 1\(1\), 2008\)$/,
    );
    expect(method('coat').citation).toMatch(/^Loukides, Gkoulalas-Divanis, Malin — Towards Utility-driven/);
  });
});
