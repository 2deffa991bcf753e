/**
 * The engine for Node worker threads as one plain JS file. Node 20 cannot start a .ts file as a
 * worker; loading the TypeScript sources through tsx in every worker (engine.boot.mjs) took about
 * a second each (two workers ready: 1.0 s wall and 1.9 s CPU through tsx, 0.25 s and 0.46 s
 * bundled). esbuild (which tsx and vite run on too) bundles engine.node.ts into
 * node_modules/.cache on first use, and again whenever a file it bundled changed size or time.
 * Processes that build at once each write their own file and rename it into place. Without
 * esbuild, or when the build fails, the workers load the sources through tsx as before.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENTRY = fileURLToPath(new URL('./engine.node.ts', import.meta.url));
const ROOT = resolve(dirname(ENTRY), '../..');
const TSX_ENTRY = new URL('./engine.boot.mjs', import.meta.url);

/** A bundled file as last seen: a change of size or modification time means a rebuild. */
interface Stamp {
  path: string;
  size: number;
  mtimeMs: number;
}

function stampOf(path: string): Stamp | undefined {
  try {
    const { size, mtimeMs } = statSync(path);
    return { path, size, mtimeMs };
  } catch {
    return undefined;
  }
}

/** Where a bundle lives: the JS file and the stamps of the sources it was built from. */
export interface BundlePlace {
  dir: string;
  bundle: string;
  inputs: string;
}

export function bundlePlace(dir = join(ROOT, 'node_modules', '.cache', 'txanon-engine')): BundlePlace {
  return { dir, bundle: join(dir, 'engine.node.mjs'), inputs: join(dir, 'inputs.json') };
}

/** Whether the bundle exists and no source it was built from changed since. */
export function bundleIsCurrent(place: BundlePlace): boolean {
  if (!stampOf(place.bundle)) return false;
  try {
    const inputs = JSON.parse(readFileSync(place.inputs, 'utf8')) as Stamp[];
    return inputs.every((input) => {
      const now = stampOf(input.path);
      return now !== undefined && now.size === input.size && now.mtimeMs === input.mtimeMs;
    });
  } catch {
    return false;
  }
}

/** esbuild's API, loaded only when a build is needed (a missing esbuild means the tsx entry). */
type Esbuild = typeof import('esbuild');

/** Bundles the engine into `place` (each file written aside, then renamed into place). */
export function buildBundle(place: BundlePlace): void {
  const esbuild = createRequire(import.meta.url)('esbuild') as Esbuild;
  mkdirSync(place.dir, { recursive: true });
  const own = `.${process.pid}.${Date.now()}`;
  try {
    writeBundle(esbuild, place, own);
  } finally {
    rmSync(place.bundle + own, { force: true });
    rmSync(place.inputs + own, { force: true });
  }
}

function writeBundle(esbuild: Esbuild, place: BundlePlace, own: string): void {
  const result = esbuild.buildSync({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    absWorkingDir: ROOT,
    outfile: place.bundle + own,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile?.inputs ?? {}).map((path) => stampOf(resolve(ROOT, path)));
  if (inputs.length === 0 || inputs.some((input) => input === undefined))
    throw new Error('esbuild did not say which files it bundled');
  writeFileSync(place.inputs + own, JSON.stringify(inputs));
  renameSync(place.bundle + own, place.bundle);
  renameSync(place.inputs + own, place.inputs);
}

/** The bundle at `place`, built first when it is missing or stale; the tsx entry if it cannot be. */
export function chooseEngineEntry(place: BundlePlace): URL {
  try {
    if (!bundleIsCurrent(place)) buildBundle(place);
    return pathToFileURL(place.bundle);
  } catch {
    return TSX_ENTRY;
  }
}

let chosen: URL | undefined;

/** Set in the built `txanon` bin (scripts/build-cli.mjs): the engine bundle was built beside it. */
declare const __TXANON_PREBUILT_ENGINE__: string | undefined;

/**
 * The entry every engine worker thread of this process starts from (decided once): in the built
 * `txanon` bin, the engine bundle shipped beside it; from the sources, the cached bundle.
 */
export function engineWorkerUrl(): URL {
  if (typeof __TXANON_PREBUILT_ENGINE__ === 'string')
    return new URL(__TXANON_PREBUILT_ENGINE__, import.meta.url);
  chosen ??= chooseEngineEntry(bundlePlace());
  return chosen;
}
