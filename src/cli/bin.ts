#!/usr/bin/env node
/**
 * The `txanon` program's entry (package.json `bin`, built to dist-cli/txanon.mjs by
 * scripts/build-cli.mjs): `--version` answers at once, before any of the engine is loaded; every
 * other command line goes to main.ts, loaded then.
 */
declare const __TXANON_VERSION__: string | undefined;

export {};

const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === '--version' && typeof __TXANON_VERSION__ === 'string') {
  process.stdout.write(`${__TXANON_VERSION__}\n`);
} else {
  const { main } = await import('./main.ts');
  process.exitCode = await main(argv);
}
