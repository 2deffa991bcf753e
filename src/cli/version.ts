/**
 * The program's version: written into the built `txanon` bin when it is built (build-cli.mjs
 * defines __TXANON_VERSION__), read from package.json when the sources run (`npm run cli`, tests).
 */
import { readFileSync } from 'node:fs';

declare const __TXANON_VERSION__: string | undefined;

export function version(): string {
  if (typeof __TXANON_VERSION__ === 'string') return __TXANON_VERSION__;
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}
