/**
 * One target attacked, for drawing (the page's Attack panel, the stepper's attack step): the items
 * the attacker knows, the input rows it is left with before, and the published units after, with
 * the target's own unit marked (read from the audit by the scorer, after the attack).
 */
import type { Dataset } from '../data/dataset.ts';
import { createRng } from '../base/rng.ts';
import { itemSupports } from '../data/stats.ts';
import type { Audit, Release, ReleaseHeader } from '../release/types.ts';
import { inputView } from './identity.ts';
import { chooseKnown } from './knowledge.ts';
import type { KnownChoice } from './types.ts';
import { kindReader } from './views/registry.ts';
import { qidItems, sensitiveFlags } from './views/secrets.ts';

/** Candidates drawn at most (the count is always exact). */
export const DRAWN_CANDIDATES = 50;

export interface CandidateUnit {
  /** The unit's index (input row before; published row, group row or bucket after). */
  index: number;
  /** What it publishes, in tokens. */
  tokens: string[];
}

export interface ExplainedTarget {
  /** The target's input row. */
  row: number;
  /** The items the attacker knows, in tokens. */
  known: string[];
  before: { persons: number; candidates: CandidateUnit[]; chance: number };
  after?: {
    persons: number;
    candidates: CandidateUnit[];
    /** The target's unit (-1: not published); whether the attacker's candidates hold it. */
    unit: number;
    found: boolean;
    chance: number;
  };
}

export function explainTarget(
  input: Dataset,
  row: number,
  known: readonly number[],
  published?: { release: Release; audit: Audit },
): ExplainedTarget {
  const plain = inputView(input).candidates(known);
  const explained: ExplainedTarget = {
    row,
    known: known.map((id) => input.dictionary.token(id)),
    before: {
      persons: plain.persons,
      candidates: plain.list(DRAWN_CANDIDATES).map((index) => ({ index, tokens: input.rowTokens(index) })),
      chance: plain.persons > 0 ? 1 / plain.persons : 0,
    },
  };
  if (!published) return explained;
  const reader = kindReader(published.release.kind);
  if (!reader.view) return explained;
  const found = reader.view(input, published.release).candidates(known);
  // The attack above read the release only; the audit now says where the target is.
  const unit = reader.unitOfRows!(input, published.release, published.audit)[row];
  const hit = unit >= 0 && found.holds(unit);
  explained.after = {
    persons: found.persons,
    candidates: found
      .list(DRAWN_CANDIDATES)
      .map((index) => ({ index, tokens: reader.unitTokens!(published.release, index) })),
    unit,
    found: hit,
    chance: hit && found.persons > 0 ? 1 / found.persons : 0,
  };
  return explained;
}

/** The m items an attacker knows of input row `row` (its QID items when the release names sensitive ones). */
export function knownOfRow(
  input: Dataset,
  row: number,
  m: number,
  choose: KnownChoice,
  seed: number,
  release?: ReleaseHeader,
): number[] {
  const pool = release ? qidItems(input, sensitiveFlags(input, release), row) : Array.from(input.row(row));
  return chooseKnown(pool, m, choose, itemSupports(input), createRng(seed));
}
