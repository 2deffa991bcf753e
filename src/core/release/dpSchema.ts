/**
 * The JSON shapes of what a `differential-privacy` release adds (DESIGN.md sec. 4), checked by
 * parseRelease.ts before a verifier reads a file: the header's noise note and ledger, DiffPart's
 * partitions, the `itemsets` body and audit, and the synthetic audit of true partition sizes.
 */
import { MECHANISMS } from '../dp/ledger.ts';
import { arrayOf, integer, STRING, type Shape } from './jsonShape.ts';

const tokens = arrayOf(STRING);
const NUMBER: Shape = { type: 'number' };

export const DP_HEADER_SHAPE: Shape = {
  type: 'object',
  fields: {
    noise: {
      type: 'object',
      fields: {
        source: { type: 'literal', values: ['system', 'seed'] },
        reproducible: { type: 'boolean' },
        note: STRING,
      },
    },
    ledger: {
      type: 'object',
      fields: {
        epsilon: NUMBER,
        total: NUMBER,
        entries: arrayOf({
          type: 'object',
          fields: {
            id: integer(0),
            label: STRING,
            mechanism: { type: 'literal', values: MECHANISMS },
            sensitivity: integer(0),
            scale: STRING,
            epsilon: NUMBER,
            scope: STRING,
            cite: STRING,
          },
        }),
        // A merged ledger's statement of parallel composition over disjoint parts (dp/parallelLedger.ts).
        parallel: {
          type: 'object',
          fields: {
            split: STRING,
            key: integer(0),
            parts: arrayOf({ type: 'object', fields: { scope: STRING, epsilon: NUMBER } }),
          },
        },
      },
      optional: ['parallel'],
    },
  },
};

export const DIFFPART_BODY_SHAPE: Shape = {
  type: 'object',
  fields: {
    partitions: arrayOf({
      type: 'object',
      fields: { cut: tokens, parent: integer(-1), split: STRING, count: integer(0), charge: integer(0) },
      optional: ['split', 'count', 'charge'],
    }),
  },
};

/** PrivBayes's body: the noisy network its rows were sampled from (dp/bayesNet.ts). */
export const PRIVBAYES_BODY_SHAPE: Shape = {
  type: 'object',
  fields: {
    network: {
      type: 'object',
      fields: {
        rows: integer(0),
        rowCount: { type: 'literal', values: ['noised', 'public'] },
        sampleSeed: integer(0, 2 ** 32 - 1),
        nodes: arrayOf({
          type: 'object',
          fields: { item: STRING, parents: tokens, counts: arrayOf(integer()), charge: integer(0) },
          optional: ['counts', 'charge'],
        }),
      },
    },
  },
};

/** The body shape of a differential-privacy `transactions` release: PrivBayes's when it holds a network, else DiffPart's. */
export const syntheticBodyShape = (value: unknown): Shape =>
  typeof value === 'object' && value !== null && 'network' in value
    ? PRIVBAYES_BODY_SHAPE
    : DIFFPART_BODY_SHAPE;

// `counts` (the noisy count a DiffPart run drew for each partition) is DiffPart's; PrivBayes has none.
export const SYNTHETIC_AUDIT_SHAPE: Shape = {
  type: 'object',
  fields: { trueCounts: arrayOf(integer(0)), counts: arrayOf(integer(0)) },
  optional: ['counts'],
};

export const ITEMSETS_BODY_SHAPE: Shape = {
  type: 'object',
  fields: {
    itemsets: arrayOf({ type: 'object', fields: { items: tokens, support: NUMBER } }),
    basis: {
      type: 'object',
      fields: {
        lambda: integer(1),
        items: tokens,
        pairs: arrayOf(tokens),
        bases: arrayOf(tokens),
        bins: arrayOf(arrayOf(integer())),
      },
    },
  },
};

export const ITEMSETS_AUDIT_SHAPE: Shape = {
  type: 'object',
  fields: {
    published: arrayOf(integer(0)),
    topK: arrayOf({ type: 'object', fields: { items: tokens, support: integer(0) } }),
  },
};
