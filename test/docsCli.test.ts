/**
 * docs/cli.md is what `npm run docs:cli` writes from the flag declarations (scripts/docs-cli.ts):
 * a command or a flag changed without the reference regenerated fails here. And every command
 * and every flag a command's parser accepts is in it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliReference } from '../scripts/docs-cli.ts';
import { COMMANDS } from '../src/cli/main.ts';
import { acceptedFlags } from '../src/cli/help.ts';

describe('docs/cli.md', () => {
  const written = readFileSync('docs/cli.md', 'utf8');

  it('is up to date with the flag declarations (run `npm run docs:cli`)', () => {
    expect(written).toBe(cliReference());
  });

  it('names every command and every flag its parser accepts, the same on every machine', () => {
    for (const command of COMMANDS) {
      expect(written).toContain(`## ${command.name}\n`);
      for (const flag of acceptedFlags(command))
        expect(written, `${command.name} --${flag}`).toContain(`--${flag}`);
    }
    expect(written).not.toMatch(/of this machine|\d+ here\b/);
  });
});
