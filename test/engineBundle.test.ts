import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineApi } from '../workers/engineTypes.ts';
import {
  bundleIsCurrent,
  bundlePlace,
  buildBundle,
  chooseEngineEntry,
} from '../workers/node/engineBundle.ts';
import { SPAWNS_LIMIT_MS } from './limits.ts';

const dir = mkdtempSync(join(tmpdir(), 'txanon-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the engine bundled for worker threads', () => {
  const place = bundlePlace(join(dir, 'cache'));

  it(
    'is built when missing, and runs the engine in a worker thread',
    async () => {
      expect(bundleIsCurrent(place)).toBe(false);
      expect(chooseEngineEntry(place).pathname).toBe(place.bundle);
      expect(bundleIsCurrent(place)).toBe(true);
      const worker = new Worker(pathToFileURL(place.bundle));
      try {
        const methods = await wrap<EngineApi>(nodeEndpoint(worker)).methods();
        expect(methods.map((m) => m.id)).toEqual(expect.arrayContaining(['pta', 'coat', 'nn', 'patternka']));
      } finally {
        await worker.terminate();
      }
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    'is stale when a file it bundled changed size or time, or is gone',
    () => {
      buildBundle(place);
      const inputs = JSON.parse(readFileSync(place.inputs, 'utf8')) as {
        path: string;
        size: number;
        mtimeMs: number;
      }[];
      expect(inputs.some((i) => i.path.endsWith(join('workers', 'engine.ts')))).toBe(true);
      const changed = (edit: (first: (typeof inputs)[number]) => void) => {
        const copy = inputs.map((i) => ({ ...i }));
        edit(copy[copy.length - 1]);
        writeFileSync(place.inputs, JSON.stringify(copy));
        return bundleIsCurrent(place);
      };
      expect(changed(() => {})).toBe(true);
      expect(changed((i) => (i.size += 1))).toBe(false);
      expect(changed((i) => (i.mtimeMs += 1))).toBe(false);
      expect(changed((i) => (i.path += '.gone'))).toBe(false);
    },
    SPAWNS_LIMIT_MS,
  );

  it('falls back to the TypeScript entry through tsx when it cannot be built', () => {
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    const entry = chooseEngineEntry(bundlePlace(join(blocked, 'cache')));
    expect(entry.pathname.endsWith('engine.boot.mjs')).toBe(true);
  });
});
