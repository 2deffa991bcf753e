/**
 * Tampering with a release, for the fuzz suite (fuzz.releases.test.ts): the changes a careless or
 * dishonest hand makes to a release file, per kind (drop, add, duplicate or move a row; change an
 * item; lower a count; remove a column; change the mapping; remove a ledger charge or lower the
 * header's epsilon), and wrong shapes (a field deleted, a
 * value of another JSON type) in the release or its audit. `canonical` tells a real change from
 * one that changes nothing a reader could see (a row moved onto an identical one).
 */
import { childPath } from '../src/core/release/jsonShape.ts';
import type { ReleaseKind } from '../src/core/release/types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- release files are arbitrary JSON here, read and cut at will */
type Json = any;

export const SEMANTIC_OPS = {
  groups: ['drop', 'add', 'duplicate', 'move', 'change', 'lower'],
  // charge, epsilon: a differential-privacy release's ledger (DiffPart's rows are `transactions`).
  transactions: ['drop', 'add', 'duplicate', 'move', 'change', 'charge', 'epsilon'],
  generalized: ['drop', 'add', 'duplicate', 'move', 'change', 'mapping'],
  buckets: ['drop', 'add', 'duplicate', 'move', 'change', 'lower', 'removeColumn'],
  itemsets: ['drop', 'add', 'change', 'lower', 'charge', 'epsilon'],
  // term: an item of a record chunk moved to its cluster's term chunk.
  disassociated: ['drop', 'add', 'duplicate', 'move', 'change', 'lower', 'term'],
} as const satisfies Record<ReleaseKind, readonly string[]>;

export const SHAPE_OPS = ['shape', 'auditShape', 'extraKey'] as const;

export interface TamperChoice {
  op: string;
  /** Free choices, each taken modulo what it picks from. */
  a: number;
  b: number;
  c: number;
}

export interface Tampered {
  release: Json;
  audit: Json;
  /** For a shape tamper: the JSON path changed (the error must name it). */
  path?: string;
  /** Which file the shape tamper hit. */
  file?: 'release' | 'audit';
}

const FAKE = '__fake__';
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length];
const clone = (value: Json): Json => JSON.parse(JSON.stringify(value));

/** Applies one tamper to copies of `release` and `audit`; null when it does not apply here. */
export function tamper(
  release: Json,
  audit: Json,
  choice: TamperChoice,
  tokens: readonly string[],
): Tampered | null {
  const r = clone(release);
  const a = clone(audit);
  if (choice.op === 'shape') return shapeTamper(r, a, choice, 'release');
  if (choice.op === 'auditShape') return shapeTamper(r, a, choice, 'audit');
  if (choice.op === 'extraKey') return extraKeyTamper(r, a, choice);
  const universe = [...tokens, ...Object.keys(r.generalized ?? {}), FAKE];
  const done =
    choice.op === 'charge' || choice.op === 'epsilon'
      ? ledgerTamper(r, choice)
      : KIND_TAMPERS[r.kind as ReleaseKind](r, choice, universe);
  return done ? { release: r, audit: a } : null;
}

type KindTamper = (r: Json, choice: TamperChoice, universe: readonly string[]) => boolean;

/**
 * A differential-privacy release's budget tampered with: a charge removed from the ledger (its
 * total recomputed, as a careful forger would), or the header's epsilon lowered below the ledger's
 * total (the ledger's own epsilon with it). False for a release without a ledger.
 */
function ledgerTamper(r: Json, { op, a }: TamperChoice): boolean {
  const ledger = r.ledger;
  if (!ledger || ledger.entries.length === 0) return false;
  if (op === 'charge') {
    ledger.entries.splice(a % ledger.entries.length, 1);
    ledger.entries.forEach((e: Json, i: number) => (e.id = i));
    return true;
  }
  const lowered = ledger.total / 2;
  r.params.epsilon = lowered;
  ledger.epsilon = lowered;
  return true;
}

/** drop, add, duplicate, move, change on a list of rows (transactions, a group's QID rows). */
function rowTamper(
  rows: Json[][],
  op: string,
  { a, b, c }: TamperChoice,
  universe: readonly string[],
): boolean {
  const n = rows.length;
  switch (op) {
    case 'drop':
      if (n === 0) return false;
      rows.splice(a % n, 1);
      return true;
    case 'add':
      rows.push(c % 2 === 0 || n === 0 ? [pick(universe, b)] : [...rows[a % n]]);
      return true;
    case 'duplicate':
      if (n === 0) return false;
      rows.splice(a % n, 0, [...rows[a % n]]);
      return true;
    case 'move': {
      if (n < 2) return false;
      const [row] = rows.splice(a % n, 1);
      rows.splice(b % n, 0, row);
      return true;
    }
    case 'change': {
      if (n === 0) return false;
      const row = rows[a % n];
      const token = pick(universe, c);
      if (row.length === 0 || b % 3 === 0) row.push(token);
      else row[b % row.length] = token;
      return true;
    }
  }
  return false;
}

const KIND_TAMPERS: Record<ReleaseKind, KindTamper> = {
  itemsets: (r, { op, a, b }, universe) => {
    const sets = r.itemsets as { items: string[]; support: number }[];
    const n = sets.length;
    switch (op) {
      case 'drop':
        if (n === 0) return false;
        sets.splice(a % n, 1);
        return true;
      case 'add':
        sets.push(n === 0 || b % 2 === 0 ? { items: [pick(universe, a)], support: 3 } : clone(sets[a % n]));
        return true;
      case 'change': {
        if (n === 0) return false;
        const s = sets[a % n];
        s.items[b % s.items.length] = pick(universe, a + b);
        return true;
      }
      case 'lower':
        if (n === 0) return false;
        sets[a % n].support -= 1 + (b % 5);
        return true;
    }
    return false;
  },

  transactions: (r, choice, universe) =>
    choice.op === 'move'
      ? moveToAnotherClass(r, choice)
      : rowTamper(r.transactions, choice.op, choice, universe),

  generalized: (r, choice, universe) => {
    if (choice.op !== 'mapping') return rowTamper(r.transactions, choice.op, choice, universe);
    const labels = Object.keys(r.generalized);
    const inputTokens = universe.filter((t) => t !== FAKE && !labels.includes(t));
    switch (choice.a % 4) {
      case 0: {
        // an item taken out of a generalized item
        const items = labels.length > 0 ? r.generalized[pick(labels, choice.b)] : [];
        return items.length > 0 && items.pop() !== undefined;
      }
      case 1: // an item put into a generalized item
        if (labels.length === 0) return false;
        r.generalized[pick(labels, choice.b)].push(pick(inputTokens, choice.c));
        return true;
      case 2: // an item suppressed
        r.suppressed.push(pick(inputTokens, choice.c));
        return true;
      default: // a suppressed item restored
        if (r.suppressed.length === 0) return false;
        r.suppressed.splice(choice.b % r.suppressed.length, 1);
        return true;
    }
  },

  groups: (r, choice, universe) => {
    const groups = r.groups as { qid: Json[][]; sensitive: Record<string, number> }[];
    if (groups.length === 0) return false;
    const group = pick(groups, choice.a);
    if (choice.op === 'lower') {
      const counted = Object.keys(group.sensitive).filter((s) => group.sensitive[s] > 0);
      if (counted.length === 0) return false;
      group.sensitive[pick(counted, choice.b)]--;
      return true;
    }
    if (choice.op === 'move' && groups.length > 1 && group.qid.length > 0) {
      const [row] = group.qid.splice(choice.b % group.qid.length, 1);
      pick(groups, choice.a + 1 + (choice.c % (groups.length - 1))).qid.push(row);
      return true;
    }
    if (choice.op === 'change' && choice.c % 4 === 0) {
      // The sensitive side: a count under another item's name, or the release's sensitive list.
      const keys = Object.keys(group.sensitive);
      if (choice.b % 2 === 0 && keys.length > 0) {
        const key = pick(keys, choice.b);
        const other = pick(universe, choice.a + choice.b);
        group.sensitive[other] = (group.sensitive[other] ?? 0) + group.sensitive[key];
        if (other !== key) delete group.sensitive[key];
      } else r.sensitive = [...r.sensitive, pick(universe, choice.b)];
      return true;
    }
    return rowTamper(group.qid, choice.op, { ...choice, a: choice.b, b: choice.c }, universe);
  },

  disassociated: (r, choice, universe) => {
    const clusters = r.clusters as {
      rows: number;
      recordChunks: { items: string[]; subrecords: Json[][] }[];
      termChunk: string[];
    }[];
    if (clusters.length === 0) return false;
    const cluster = pick(clusters, choice.a);
    if (choice.op === 'lower') {
      if (cluster.rows === 0) return false;
      cluster.rows--;
      return true;
    }
    if (cluster.recordChunks.length === 0) return false;
    const chunk = pick(cluster.recordChunks, choice.b);
    if (choice.op === 'term') {
      if (chunk.items.length === 0) return false;
      const [item] = chunk.items.splice(choice.c % chunk.items.length, 1);
      cluster.termChunk.push(item);
      return true;
    }
    return rowTamper(
      chunk.subrecords,
      choice.op,
      { ...choice, a: choice.c, b: choice.a + choice.b },
      universe,
    );
  },

  buckets: (r, { op, a, b, c }, universe) => {
    const buckets = r.buckets as { size: number; columns: Json[][][] }[];
    if (buckets.length === 0) return false;
    const bucket = pick(buckets, a);
    const width = bucket.columns.length;
    const column = width > 0 ? bucket.columns[b % width] : null;
    switch (op) {
      case 'drop': // one row's values from every column (size kept or lowered), or one value
        if (bucket.size === 0 || !column) return false;
        if (c % 3 === 0) column.splice(c % column.length, 1);
        else {
          for (const values of bucket.columns) values.splice(c % values.length, 1);
          if (c % 3 === 1) bucket.size--;
        }
        return true;
      case 'add':
        for (const values of bucket.columns) values.push(c % 2 === 0 ? [pick(universe, b)] : []);
        bucket.size++;
        return true;
      case 'duplicate':
        if (!column || column.length === 0) return false;
        for (const values of bucket.columns) values.push([...values[c % values.length]]);
        bucket.size++;
        return true;
      case 'move': {
        if (buckets.length < 2 || !column || column.length === 0) return false;
        const other = pick(buckets, a + 1 + (c % (buckets.length - 1)));
        const [value] = column.splice(c % column.length, 1);
        other.columns[b % width].push(value);
        return true;
      }
      case 'change': {
        if (!column || column.length === 0) return false;
        const value = column[c % column.length];
        if (value.length === 0 || c % 2 === 0) value.push(pick(universe, a + b));
        else value[b % value.length] = pick(universe, a + b);
        return true;
      }
      case 'lower':
        if (bucket.size === 0) return false;
        bucket.size--;
        return true;
      case 'removeColumn':
        if (width === 0) return false;
        if (c % 3 === 0) bucket.columns.splice(b % width, 1);
        else {
          for (const other of buckets) other.columns.splice(b % width, 1);
          if (c % 3 === 2) r.columns.splice(b % width, 1);
        }
        return true;
    }
    return false;
  },
};

/**
 * A `transactions` row moved into another class (published as another class's row), taken from a
 * class of exactly k rows where the release has one: rows of a transactions release are published
 * class by class, so moving one in the list only shifts rows along and keeps every class's size.
 */
function moveToAnotherClass(r: Json, { a, b }: TamperChoice): boolean {
  const rows: string[][] = r.transactions;
  const key = (row: string[]) => JSON.stringify([...row].sort());
  const size = new Map<string, number>();
  for (const row of rows) size.set(key(row), (size.get(key(row)) ?? 0) + 1);
  const indices = rows.map((_, i) => i);
  const atK = indices.filter((i) => size.get(key(rows[i])) === Number(r.params.k));
  const from = atK.length > 0 ? pick(atK, a) : a % Math.max(1, rows.length);
  const elsewhere = indices.filter((i) => key(rows[i]) !== key(rows[from] ?? []));
  if (elsewhere.length === 0) return false;
  rows[from] = [...rows[pick(elsewhere, b)]];
  return true;
}

interface Node {
  parent: Json;
  key: string | number;
  path: string;
  /** Whether deleting it makes a wrong shape: a field every file has (not a map's entry, not an optional field). */
  required: boolean;
}

/**
 * Maps whose entries come and go (a generalized item, a sensitive count), optional audit fields,
 * a method's document params (a release need not repeat them: run/releaseMethod.ts) and DiffPart's
 * optional partition fields: deleting one of these is no wrong shape.
 */
const OPTIONAL =
  /^(generalized|groups\[\d+\]\.sensitive)\[|^(generalized|groups\[\d+\]\.sensitive)\.|^(constraints|utility|rulesKey|suppressed)$|^params\.(hierarchy|constraints|utility|items)$|^partitions\[\d+\]\.(split|count|charge)$/;

/** Every node below the root of a JSON value. */
function nodes(value: Json, path = ''): Node[] {
  const out: Node[] = [];
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  for (const [key, child] of entries) {
    const childAt = childPath(path, key);
    out.push(
      { parent: value, key, path: childAt, required: !OPTIONAL.test(childAt) },
      ...nodes(child, childAt),
    );
  }
  return out;
}

const jsonType = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const STRANGERS: Json[] = [null, true, 2.5, 'x?', [], {}];

/** A field deleted, or a value replaced by one of another JSON type. */
function shapeTamper(r: Json, a: Json, { a: at, b, c }: TamperChoice, file: 'release' | 'audit'): Tampered {
  const target = file === 'release' ? r : a;
  const { parent, key, path, required } = pick(nodes(target), at);
  if (!Array.isArray(parent) && required && c % 3 === 0) delete parent[key];
  else {
    const others = STRANGERS.filter((s) => jsonType(s) !== jsonType(parent[key]));
    parent[key] = clone(pick(others, b));
  }
  return { release: r, audit: a, path, file };
}

/** A top-level key no shape names, in the release or its audit (a typo of a field, or a new one). */
function extraKeyTamper(r: Json, a: Json, { a: which, b, c }: TamperChoice): Tampered {
  const file = c % 2 === 0 ? 'release' : 'audit';
  const target = file === 'release' ? r : a;
  const key = pick(['note', 'suppresed', 'rows', 'k', '__proto_', 'published by'], which);
  target[key] = clone(pick(STRANGERS, b));
  return { release: r, audit: a, path: key === 'published by' ? '["published by"]' : key, file };
}

/** What a reader sees in a release and audit: row order where it links to the audit, sets elsewhere. */
export function canonical(release: Json, audit: Json): string {
  const set = (tokens: string[]) => [...tokens].sort();
  const { format, kind, model, method, params, seed, sensitive } = release;
  const header = [format, kind, model, method, Object.entries(params).sort(), seed, set(sensitive)];
  const body =
    kind === 'groups'
      ? release.groups.map((g: Json) => [
          g.qid.map(set),
          Object.entries(g.sensitive)
            .filter(([, n]) => n !== 0)
            .sort(),
        ])
      : kind === 'buckets'
        ? [
            release.columns.map(set),
            release.buckets.map((b: Json) => [
              b.size,
              b.columns.map((values: string[][]) => values.map((v) => JSON.stringify(set(v))).sort()),
            ]),
          ]
        : kind === 'itemsets'
          ? [release.itemsets, release.basis]
          : kind === 'disassociated'
            ? // A sub-record's items are a set; its place in its chunk is its link to the audit.
              release.clusters.map((c: Json) => [
                c.rows,
                c.recordChunks.map((ch: Json) => [set(ch.items), ch.subrecords.map(set)]),
                set(c.termChunk),
              ])
            : [
                release.transactions.map(set),
                Object.entries(release.generalized ?? {})
                  .map(([label, items]) => [label, set(items as string[])])
                  .sort(),
                set(release.suppressed ?? []),
                release.partitions ?? null,
              ];
  // A differential-privacy release: its noise note and its ledger are part of what it says.
  const dp = model === 'differential-privacy' ? [release.noise, release.ledger] : null;
  return JSON.stringify([header, body, dp, audit]);
}
