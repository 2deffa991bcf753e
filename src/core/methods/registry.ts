/**
 * The method registry: every method folder's MethodSpec, in the order the UI lists them.
 * A method issue adds its folder under src/core/methods/<id>/ and one import line here; nothing
 * else in the workbench needs to change (the CLI, the worker API and the UI read this list).
 */
import { anatomySpec } from './anatomy/index.ts';
import { aprioriKmSpec } from './apriori-km/index.ts';
import { coatSpec } from './coat/index.ts';
import { grayCahdSpec } from './gray-cahd/index.ts';
import { lshSpec } from './lsh/index.ts';
import { multiAnatomySpec } from './multi-anatomy/index.ts';
import { nnSpec } from './nn/index.ts';
import { permMondrianSpec } from './perm-mondrian/index.ts';
import { rcmCahdSpec } from './rcm-cahd/index.ts';
import { patternKaSpec } from './patternka/index.ts';
import { ptaSpec } from './pta/index.ts';
import { diffPartSpec } from './diffpart/index.ts';
import { privBasisSpec } from './privbasis/index.ts';
import { hkpCoherenceSpec } from './hkp-coherence/index.ts';
import { disassociationSpec } from './disassociation/index.ts';
import { privBayesSpec } from './privbayes/index.ts';
import { methodInfo, type MethodInfo, type MethodSpec } from './types.ts';

export const METHODS: readonly MethodSpec[] = [
  grayCahdSpec,
  rcmCahdSpec,
  nnSpec,
  lshSpec,
  permMondrianSpec,
  anatomySpec,
  ptaSpec,
  patternKaSpec,
  multiAnatomySpec,
  coatSpec,
  aprioriKmSpec,
  diffPartSpec,
  privBasisSpec,
  hkpCoherenceSpec,
  disassociationSpec,
  privBayesSpec,
];

export function findMethod(id: string): MethodSpec | undefined {
  return METHODS.find((m) => m.id === id);
}

export function listMethods(): MethodInfo[] {
  return METHODS.map(methodInfo);
}
