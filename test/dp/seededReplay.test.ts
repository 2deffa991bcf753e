/**
 * Issue 43 F9 (DESIGN.md sec. 8): a DP release whose noise was drawn from a seed, relabelled
 * `"noise": {"source": "system"}`, is still found seeded by `evaluate`: the seed in its header
 * replays the noise (run/seededReplay.ts), and the output reads "seeded: not for publication" with
 * `publishable: false`; a release of the system's noise is publishable. The same for DiffPart run
 * in parts by `distribute` (each part from its own seed derived from the run's: the parts rebuilt
 * and replayed, core/distribute/replayParts.ts), whose split's key is the run's seed too. In-process
 * CLI, BMS1 and mushroom from test/data.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliInProcess, scratch } from '../cliInProcess.ts';
import { SPAWNS_LIMIT_MS } from '../limits.ts';

const tmp = scratch('seeded');
const BMS1 = 'test/data/BMS1.dat.gz';
const MUSHROOM = 'test/data/mushroom.dat.gz';

/* eslint-disable @typescript-eslint/no-explicit-any -- release files are JSON read and cut at will */
type Json = any;

async function run(...args: string[]): Promise<Json> {
  const result = await cliInProcess(...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const SYSTEM_LABEL = {
  source: 'system',
  reproducible: false,
  note: "noise drawn from the system's cryptographic randomness (crypto.getRandomValues): not reproducible",
};

/** Makes a release of `method` on `data` (seeded when `seed` is given) and returns its files. */
async function make(name: string, data: string, args: string[], seed?: string) {
  const release = tmp.path(`${name}.json`);
  const audit = tmp.path(`${name}-audit.json`);
  const record = await run(
    'anonymize',
    data,
    ...args,
    ...(seed ? ['--seed', seed] : []),
    '--out',
    release,
    '--audit',
    audit,
  );
  // The run record of a seeded run carries the mark among its warnings; an unseeded one does not.
  const marked = record.warnings.filter((w: string) => w.startsWith('seeded: not for publication'));
  expect(marked).toHaveLength(seed ? 1 : 0);
  return { release, audit };
}

/** `evaluate` of the release at `files`, after `edit` changed its JSON. */
async function evaluateEdited(
  data: string,
  files: { release: string; audit: string },
  edit: (r: Json) => void,
) {
  const release = JSON.parse(readFileSync(files.release, 'utf8'));
  edit(release);
  const path = tmp.file(`edited-${Math.random().toString(36).slice(2)}.json`, JSON.stringify(release));
  return run('evaluate', data, path, '--audit', files.audit);
}

const CASES = [
  { method: 'diffpart', data: BMS1, args: ['--method', 'diffpart', '--epsilon', '1'] },
  { method: 'privbasis', data: MUSHROOM, args: ['--method', 'privbasis', '--epsilon', '1', '--k', '20'] },
  { method: 'privbayes', data: MUSHROOM, args: ['--method', 'privbayes', '--epsilon', '1'] },
];

describe.each(CASES)('$method: a seeded release relabelled system noise', ({ method, data, args }) => {
  it('reads "seeded: not for publication" through evaluate, with publishable: false', async () => {
    const files = await make(`${method}-seeded`, data, args, '3');
    const out = await evaluateEdited(data, files, (r) => {
      expect(r.seed).toBe(3);
      r.noise = { ...SYSTEM_LABEL };
    });
    expect(out.verified).toBe(true);
    expect(out.publishable).toBe(false);
    expect(out.seeded).toMatch(/^seeded: not for publication: the noise replayed from seed 3 reproduces/);
    expect(out.seeded).toMatch(/label "system" is wrong/);
    // The same release with its honest label is marked too.
    const honest = await evaluateEdited(data, files, () => {});
    expect(honest.publishable).toBe(false);
    expect(honest.seeded).toMatch(/^seeded: not for publication/);
  });

  it('a seed moved into the noise note is found and replayed as well', async () => {
    const files = await make(`${method}-seeded-9`, data, args, '9');
    const out = await evaluateEdited(data, files, (r) => {
      r.seed = 1;
      r.noise = { ...SYSTEM_LABEL, note: `${SYSTEM_LABEL.note} (seed 9)` };
    });
    expect(out.publishable).toBe(false);
    expect(out.seeded).toMatch(/seed 9 reproduces/);
    expect(out.replays).toContain('seed 1: does not reproduce the published noise');
  });

  it("a release of the system's noise is publishable (its header seed replays nothing)", async () => {
    const files = await make(`${method}-system`, data, args);
    const out = await evaluateEdited(data, files, () => {});
    expect(out.verified).toBe(true);
    expect(out.publishable).toBe(true);
    expect(out.seeded).toBeUndefined();
    expect(out.replays.join(' ')).toMatch(/does not reproduce/);
  });
});

describe('DiffPart through distribute (mushroom, 2 parts): a seeded merged release relabelled system noise', () => {
  /** distribute's release and audit of DiffPart on mushroom, seeded when `seed` is given. */
  async function distributed(name: string, seed?: string) {
    const release = tmp.path(`${name}.json`);
    const audit = tmp.path(`${name}-audit.json`);
    await run(
      'distribute',
      MUSHROOM,
      ...['--method', 'diffpart', '--epsilon', '10', '--parts', '2', '--workers', '2'],
      ...(seed ? ['--seed', seed] : []),
      ...['--out', release, '--audit', audit],
    );
    return { release, audit };
  }

  it(
    'is replayed part by part and reads "seeded: not for publication", its header seed changed or not',
    async () => {
      const files = await distributed('distributed-seeded', '7');
      const out = await evaluateEdited(MUSHROOM, files, (r) => {
        expect(r.ledger.parallel.key).toBe(7);
        expect(r.partitions.length).toBeGreaterThan(20);
        r.noise = { ...SYSTEM_LABEL };
      });
      expect(out.verified).toBe(true);
      expect(out.publishable).toBe(false);
      expect(out.seeded).toMatch(
        /^seeded: not for publication: the noise replayed from seed 7 \(each part from its own seed derived from it\) reproduces/,
      );
      expect(out.seeded).toMatch(/label "system" is wrong/);
      // The header's seed changed too: the split's key (which the verifier recomputes the parts from) replays it.
      const moved = await evaluateEdited(MUSHROOM, files, (r) => {
        r.seed = 99;
        r.noise = { ...SYSTEM_LABEL };
      });
      expect(moved.verified).toBe(true);
      expect(moved.publishable).toBe(false);
      expect(moved.replays).toEqual([
        'seed 99: does not reproduce the published noise',
        'seed 7: reproduces the published noise',
      ]);
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    "a merged release of the system's noise is publishable (no seed it carries replays it)",
    async () => {
      const files = await distributed('distributed-system');
      const out = await evaluateEdited(MUSHROOM, files, () => {});
      expect(out.verified).toBe(true);
      expect(out.publishable).toBe(true);
      expect(out.seeded).toBeUndefined();
      expect(out.replays.length).toBeGreaterThan(0);
      expect(out.replays.every((r: string) => r.endsWith('does not reproduce the published noise'))).toBe(
        true,
      );
    },
    SPAWNS_LIMIT_MS,
  );
});
