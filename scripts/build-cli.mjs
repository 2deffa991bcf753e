/**
 * Builds the `txanon` program (package.json `bin`) to plain JavaScript in dist-cli/, so that it
 * starts without compiling TypeScript: esbuild bundles src/cli/bin.ts (a tiny entry that answers
 * `--version` at once) with main.ts and everything it needs split into a chunk loaded after it, and
 * the Node engine worker (workers/node/engine.node.ts) into dist-cli/engine.node.mjs beside it
 * (Node 20 cannot start a .ts worker). Every dependency is bundled: the installed package needs no
 * other. Run by `npm run build:cli`, `prepare` (npm install, npm pack) and the tests that use it.
 */
import { copyFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const out = `${root}dist-cli`;
rmSync(out, { recursive: true, force: true });

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: out,
  logLevel: 'warning',
  legalComments: 'none',
  // Bundled CommonJS packages (papaparse) call require(); give the ES module one.
  banner: {
    js: "import { createRequire as __txanonRequire } from 'node:module'; const require = __txanonRequire(import.meta.url);",
  },
  define: {
    __TXANON_VERSION__: JSON.stringify(version),
    __TXANON_PREBUILT_ENGINE__: JSON.stringify('./engine.node.mjs'),
  },
};

await build({
  ...common,
  entryPoints: { txanon: 'src/cli/bin.ts' },
  splitting: true,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'txanon-[name]-[hash]',
});
await build({
  ...common,
  entryPoints: { 'engine.node': 'workers/node/engine.node.ts' },
  outExtension: { '.js': '.mjs' },
});
// distribute's engine drivers (issue 35) are Python, started by path beside the code that names them.
for (const name of readdirSync(`${root}src/cli/distribute`).filter((n) => n.endsWith('.py')))
  copyFileSync(`${root}src/cli/distribute/${name}`, `${out}/${name}`);
console.log(`built dist-cli/txanon.mjs (txanon ${version})`);
