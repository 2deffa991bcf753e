/**
 * The JSON shapes of the published forms and their audits (DESIGN.md sec. 4), checked by
 * parseRelease.ts before a verifier reads a file: the common header, each kind's body, and the
 * audit that goes with each kind.
 */
import { MAX_SEED } from '../base/rng.ts';
import { arrayOf, integer, STRING, type Shape } from './jsonShape.ts';
import type { PrivacyModel, ReleaseKind } from './types.ts';
import { ITEMSETS_AUDIT_SHAPE, ITEMSETS_BODY_SHAPE } from './dpSchema.ts';
import { DISASSOCIATED_AUDIT_SHAPE, DISASSOCIATED_BODY_SHAPE } from './disassociated.ts';

export const RELEASE_FORMAT = 'txanon-release/1';
export const PRIVACY_MODELS: readonly PrivacyModel[] = [
  'p-degree',
  'l-diversity',
  'k-anonymity',
  'km-anonymity',
  'constraints',
  'differential-privacy',
  'hkp-coherence',
  'disassociation',
];
export const RELEASE_KINDS: readonly ReleaseKind[] = [
  'groups',
  'transactions',
  'generalized',
  'buckets',
  'itemsets',
  'disassociated',
];

const tokens = arrayOf(STRING);
const rows = arrayOf(tokens);
/** An input row's index: held in a Uint32Array, as a Dataset's rows are counted. */
const rowIndex = integer(0, 0xfffffffe);

export const HEADER_SHAPE: Shape = {
  type: 'object',
  fields: {
    format: { type: 'literal', values: [RELEASE_FORMAT] },
    kind: { type: 'literal', values: RELEASE_KINDS },
    model: { type: 'literal', values: PRIVACY_MODELS },
    method: STRING,
    params: {
      type: 'record',
      values: { type: 'oneOf', shapes: [{ type: 'number' }, STRING, { type: 'boolean' }] },
    },
    seed: integer(0, MAX_SEED),
    sensitive: tokens,
  },
};

export const BODY_SHAPES: Record<ReleaseKind, Shape> = {
  groups: {
    type: 'object',
    fields: {
      groups: arrayOf({
        type: 'object',
        fields: { qid: rows, sensitive: { type: 'record', values: integer(0) } },
      }),
    },
  },
  transactions: { type: 'object', fields: { transactions: rows } },
  generalized: {
    type: 'object',
    fields: { generalized: { type: 'record', values: tokens }, suppressed: tokens, transactions: rows },
  },
  buckets: {
    type: 'object',
    fields: {
      columns: rows,
      buckets: arrayOf({ type: 'object', fields: { size: integer(0), columns: arrayOf(rows) } }),
    },
  },
  itemsets: ITEMSETS_BODY_SHAPE,
  disassociated: DISASSOCIATED_BODY_SHAPE,
};

export const AUDIT_SHAPES: Record<ReleaseKind, Shape> = {
  groups: { type: 'object', fields: { groups: arrayOf(arrayOf(rowIndex)) } },
  // rulesKey: the secret key of the run's k-anonymity rules (core/run/rules.ts), when it saved them.
  transactions: {
    type: 'object',
    fields: { rowOf: arrayOf(rowIndex), rulesKey: STRING },
    optional: ['rulesKey'],
  },
  generalized: {
    type: 'object',
    fields: { rowOf: arrayOf(rowIndex), constraints: rows, utility: rows },
    optional: ['constraints', 'utility'],
  },
  buckets: { type: 'object', fields: { buckets: arrayOf(arrayOf(rowIndex)) } },
  itemsets: ITEMSETS_AUDIT_SHAPE,
  disassociated: DISASSOCIATED_AUDIT_SHAPE,
};
