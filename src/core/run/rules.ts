/**
 * Rules (DESIGN.md sec. 7): what an anonymization did to each item, kept, generalized to a label or
 * suppressed, with the model, its parameters and the hierarchy, as JSON (`txanon-rules/1`), so that
 * a release can be reproduced and a new batch of the same shape treated the same way (`apply`,
 * check/applyRules.ts). Written for `generalized` releases (k^m, COAT) and `transactions` releases
 * (k-anonymity: PTA, PatternKa).
 *
 * For k-anonymity the item rules alone do not say what happened to a row: a row is published as the
 * centre of its class. The reading written down here: the rules are the published centres, each
 * with its size, and a row joins a class as the method joins rows: PTA's rows sit with their nearest
 * neighbours, so a row joins the centre nearest to it (least items added and removed, PTA Def. 2);
 * PatternKa groups rows by a pattern they hold, so a row joins the longest centre it holds (eq. 18;
 * none held: the nearest). Ties go to the larger class, then to the first. A run's own rows are
 * kept too, as fingerprints (a 64-bit hash of the row's sorted items) with the class each took, so
 * a row seen before, in this batch or the next, takes the class it took then: the rules applied to
 * the input reproduce the release exactly. The fingerprints are as private as the input: keep the
 * rules with the audit, never publish them.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Dataset } from '../data/dataset.ts';
import type { JoinRule } from '../methods/types.ts';
import { ReleaseFormatError } from '../release/parseRelease.ts';
import type { Audit, Release } from '../release/types.ts';
import { rowCount, rowTokens } from '../release/tokenRows.ts';
import { rowKey } from '../release/verifyTransactions.ts';

export type { JoinRule };

interface RulesHeader {
  format: 'txanon-rules/1';
  model: Release['model'];
  method: string;
  /** The release's parameters (k, m, ...). */
  params: Record<string, number | string | boolean>;
  seed: number;
  /** Items of the input the release publishes as themselves, and those it drops. */
  kept: string[];
  suppressed: string[];
  /**
   * Why the rules must be kept like the audit (fingerprints of the input's rows, the names of
   * suppressed items); absent when they say nothing the release does not.
   */
  private?: string;
}

export interface GeneralizedRules extends RulesHeader {
  kind: 'generalized';
  /** Each generalized item's label and the input items it stands for. */
  generalized: Record<string, string[]>;
  /** COAT's privacy constraints, when not in k^m mode (what the guarantee is checked against). */
  constraints?: string[][];
  /** The hierarchy the cut was taken from (CSV, sec. 7): an item new to a batch takes its node. */
  hierarchy?: string;
}

export interface TransactionsRules extends RulesHeader {
  kind: 'transactions';
  /** The published centres and how many rows each took. */
  classes: { items: string[]; rows: number }[];
  join: JoinRule;
  /**
   * How `seen` fingerprints a row: `hmac-sha256-64` (keyed; the key is in the run's audit). Absent
   * in rules written before keys: an unkeyed 64-bit hash (legacyFingerprint).
   */
  fingerprint?: 'hmac-sha256-64';
  /** [fingerprint of a row, class index, how many rows with that fingerprint took it]. */
  seen: [string, number, number][];
}

export type Rules = GeneralizedRules | TransactionsRules;

/** The rules of a verified release (null for kinds that have none: groups, buckets). */
export function rulesOf(
  dataset: Dataset,
  release: Release,
  audit: Audit,
  extra: { hierarchy?: string; join?: JoinRule; key?: string } = {},
): Rules | null {
  const header = {
    format: 'txanon-rules/1' as const,
    model: release.model,
    method: release.method,
    params: release.params,
    seed: release.seed,
  };
  if (release.kind === 'generalized' && 'rowOf' in audit) {
    const suppressed = new Set(release.suppressed);
    const generalizedItems = new Set(Object.values(release.generalized).flat());
    const kept = dataset.dictionary.tokens.filter((t) => !suppressed.has(t) && !generalizedItems.has(t));
    return {
      ...header,
      kind: 'generalized',
      kept,
      suppressed: [...release.suppressed],
      ...(release.suppressed.length > 0 && {
        private: `names the ${release.suppressed.length} item(s) the release suppressed, which it does not publish: keep these rules with the audit`,
      }),
      generalized: release.generalized,
      ...('constraints' in audit && audit.constraints && { constraints: audit.constraints }),
      ...(extra.hierarchy !== undefined && { hierarchy: extra.hierarchy }),
    };
  }
  if (release.kind === 'transactions' && 'rowOf' in audit) {
    if (!extra.key) throw new Error('k-anonymity rules need the key their fingerprints are made with');
    const secret = hexToBytes(extra.key);
    const classOf = new Map<string, number>();
    const classes: { items: string[]; rows: number }[] = [];
    const seen = new Map<string, number>();
    for (let p = 0; p < rowCount(release.transactions); p++) {
      const row = rowTokens(release.transactions, p);
      const key = rowKey(row);
      let c = classOf.get(key);
      if (c === undefined) {
        c = classes.length;
        classOf.set(key, c);
        // The centre's items in the release's order, so that applied rows read as published.
        classes.push({ items: [...row], rows: 0 });
      }
      classes[c].rows++;
      const seenKey = `${rowFingerprint(dataset.rowTokens(audit.rowOf[p]), secret)} ${c}`;
      seen.set(seenKey, (seen.get(seenKey) ?? 0) + 1);
    }
    const published = new Set(classes.flatMap((c) => c.items));
    return {
      ...header,
      kind: 'transactions',
      kept: dataset.dictionary.tokens.filter((t) => published.has(t)),
      suppressed: dataset.dictionary.tokens.filter((t) => !published.has(t)),
      private: `holds a keyed fingerprint of each of the ${rowCount(release.transactions)} input rows (the key is in the audit): keep these rules with the audit, never publish them`,
      classes,
      join: extra.join ?? 'nearest',
      fingerprint: 'hmac-sha256-64',
      seen: [...seen].map(([key, count]) => {
        const [fingerprint, c] = key.split(' ');
        return [fingerprint, Number(c), count];
      }),
    };
  }
  return null;
}

/**
 * The key of a run's k-anonymity rules from its audit's JSON (`rulesKey`), or undefined when the
 * audit has none (a run of another kind, or an audit written before keys).
 */
export function rulesKeyOf(auditJson: string, file = 'audit'): string | undefined {
  let audit: unknown;
  try {
    audit = JSON.parse(auditJson);
  } catch {
    throw new ReleaseFormatError(file, "not valid JSON (expected the run's audit)");
  }
  const key = (audit as { rulesKey?: unknown } | null)?.rulesKey;
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !/^[0-9a-f]{32}$/.test(key))
    throw new ReleaseFormatError(file, 'expected "rulesKey" to be 32 hex digits');
  return key;
}

/** A new secret key for a run's fingerprints: 128 random bits, as 32 hex digits. */
export function newRulesKey(): string {
  return bytesToHex(randomBytes(16));
}

/**
 * The keyed fingerprint of a row (its items as a set): HMAC-SHA256 under `key` of the sorted
 * tokens joined by U+0000, its first 64 bits as 16 hex digits.
 */
export function rowFingerprint(tokens: readonly string[], key: Uint8Array): string {
  const text = [...tokens].sort().join('\u0000');
  return bytesToHex(hmac(sha256, key, utf8ToBytes(text)).subarray(0, 8));
}

/** The fingerprint of a row as rules without `fingerprint` made it, for `apply`, with the key. */
export function fingerprinter(
  rules: TransactionsRules,
  key?: string,
): ((tokens: readonly string[]) => string) | null {
  if (rules.fingerprint === undefined) return legacyFingerprint;
  if (!key) return null;
  const bytes = hexToBytes(key);
  return (tokens) => rowFingerprint(tokens, bytes);
}

/**
 * The unkeyed 64-bit fingerprint of rules written before keys (two FNV-1a hashes of the sorted
 * tokens, with different offsets, as 16 hex digits): read, never written.
 */
function legacyFingerprint(tokens: readonly string[]): string {
  const text = [...tokens].sort().join('\u0000');
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  const hex = (x: number) => (x >>> 0).toString(16).padStart(8, '0');
  return hex(a) + hex(b ^ text.length);
}

export function rulesJson(rules: Rules): string {
  return JSON.stringify(rules, null, 1);
}

/** A rules file as read, before its shape is checked. */
interface LooseRules {
  format?: unknown;
  kind?: unknown;
  method?: unknown;
  params?: Record<string, unknown>;
  kept?: unknown;
  suppressed?: unknown;
  generalized?: Record<string, unknown>;
  hierarchy?: unknown;
  constraints?: unknown[];
  classes?: { items?: unknown; rows?: unknown }[];
  join?: unknown;
  fingerprint?: unknown;
  seen?: unknown[][];
}

/** Reads rules back, checking their shape; errors name the file and the field. */
export function parseRules(text: string, file: string): Rules {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ReleaseFormatError(file, `not valid JSON (${(error as Error).message})`);
  }
  const rules = value as LooseRules | null;
  const fail = (problem: string) => new ReleaseFormatError(file, problem);
  if (!rules || typeof rules !== 'object') throw fail('expected a JSON object');
  if (rules.format !== 'txanon-rules/1')
    throw fail(`expected "format": "txanon-rules/1", found ${JSON.stringify(rules.format)}`);
  if (typeof rules.method !== 'string' || !rules.params || typeof rules.params !== 'object')
    throw fail('expected "method" and "params"');
  if (!Number.isInteger(Number(rules.params.k)) || Number(rules.params.k) < 1)
    throw fail('expected "params.k", a positive integer');
  const strings = (v: unknown) => Array.isArray(v) && v.every((t) => typeof t === 'string');
  if (!strings(rules.kept) || !strings(rules.suppressed))
    throw fail('expected "kept" and "suppressed", arrays of items');
  if (rules.kind === 'generalized') {
    const g = rules.generalized;
    if (!g || typeof g !== 'object' || !Object.values(g).every(strings))
      throw fail('expected "generalized": { label: [items] }');
    if (rules.hierarchy !== undefined && typeof rules.hierarchy !== 'string')
      throw fail('expected "hierarchy" to be the hierarchy file as text');
    if (
      rules.constraints !== undefined &&
      !(Array.isArray(rules.constraints) && rules.constraints.every(strings))
    )
      throw fail('expected "constraints": [[items]]');
    return rules as unknown as GeneralizedRules;
  }
  if (rules.kind === 'transactions') {
    if (
      !Array.isArray(rules.classes) ||
      !rules.classes.every((c) => strings(c?.items) && Number.isInteger(c?.rows))
    )
      throw fail('expected "classes": [{ "items": [...], "rows": n }]');
    if (rules.fingerprint !== undefined && rules.fingerprint !== 'hmac-sha256-64')
      throw fail(`expected "fingerprint": "hmac-sha256-64", found ${JSON.stringify(rules.fingerprint)}`);
    if (rules.join !== 'nearest' && rules.join !== 'longest-held')
      throw fail(`expected "join": "nearest" or "longest-held", found ${JSON.stringify(rules.join)}`);
    const classCount = rules.classes.length;
    if (
      !Array.isArray(rules.seen) ||
      !rules.seen.every(
        (s) =>
          Array.isArray(s) &&
          typeof s[0] === 'string' &&
          Number.isInteger(s[1]) &&
          (s[1] as number) >= 0 &&
          (s[1] as number) < classCount &&
          Number.isInteger(s[2]),
      )
    )
      throw fail('expected "seen": [[fingerprint, class, rows]] with classes in range');
    return rules as unknown as TransactionsRules;
  }
  throw fail(`expected "kind": "generalized" or "transactions", found ${JSON.stringify(rules.kind)}`);
}
