/**
 * The help text is generated from the declarations the command line is parsed from (issue 34):
 * every flag the parser of a command accepts, for every method where the flags depend on it, is
 * listed in that command's help; the help lists no flag the parser refuses. `--help`, `help
 * COMMAND`, `COMMAND --help` and `--version` answer with exit 0 and nothing on stderr.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/cli/main.ts';
import { acceptedFlags, commandHelp } from '../src/cli/help.ts';
import { readCommandLine } from '../src/cli/readCommandLine.ts';
import { cliInProcess } from './cliInProcess.ts';

/** The `--flag` names a help text lists (lines of the options sections). */
const listed = (text: string) =>
  new Set(
    [...text.matchAll(/^ {2}--([A-Za-z][A-Za-z0-9-]*)/gm)].map((m) => m[1]).filter((n) => n !== 'help'),
  );

describe('help lists exactly the flags the parser accepts', () => {
  for (const spec of COMMANDS) {
    it(`${spec.name}`, () => {
      const help = commandHelp(spec);
      const accepted = acceptedFlags(spec);
      expect(accepted.filter((flag) => !listed(help).has(flag))).toEqual([]);
      expect([...listed(help)].filter((flag) => !accepted.includes(flag))).toEqual([]);
      // Where the flags depend on one (`--method`), each variant's help lists what its parser reads.
      for (const value of spec.variesBy?.values ?? []) {
        const given = new Map([[spec.variesBy!.flag, value]]);
        const declared = (spec.flags as (f: typeof given) => readonly { name: string }[])(given).map(
          (f) => f.name,
        );
        const text = commandHelp(spec, given);
        expect(
          declared.filter((flag) => !listed(text).has(flag)),
          `${spec.name} --method ${value}`,
        ).toEqual([]);
        // And the parser refuses a flag no variant declares, naming the command.
        expect(() =>
          readCommandLine(spec, ['x', `--${spec.variesBy!.flag}`, value, '--not-a-flag', '1']),
        ).toThrow(`unknown option --not-a-flag for ${spec.name}`);
      }
    });
  }
});

describe('the program answers --help, help COMMAND, COMMAND --help and --version', () => {
  it('exit 0, the text on stdout, nothing on stderr', async () => {
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    expect(await cliInProcess('--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    const program = await cliInProcess('--help');
    expect(program.code).toBe(0);
    for (const spec of COMMANDS) expect(program.stdout).toContain(`  ${spec.name} `);
    const stats = await cliInProcess('help', 'stats');
    expect(stats).toMatchObject({ code: 0, stderr: '' });
    expect(stats.stdout).toContain('usage: txanon stats <file> [options]');
    expect(stats.stdout).toMatch(/--item-column COL +csv-long, parquet, arrow: the item column/);
    expect((await cliInProcess('stats', '--help')).stdout).toBe(stats.stdout);
    const pta = await cliInProcess('anonymize', '--method', 'pta', '--help');
    expect(pta.stdout).toContain('Options with --method pta:');
    expect(pta.stdout).toMatch(/--k N +anonymity degree: .* \(>= 2; default: 5\)/);
    expect(pta.stdout).not.toContain('Options with --method coat:');
    const all = await cliInProcess('anonymize', '--help');
    expect(all.stdout).toContain('Options with --method coat:');
    const unknown = await cliInProcess('help', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("help: unknown command 'nope'");
    expect((await cliInProcess('nope')).stderr).toContain("unknown command 'nope'; see txanon --help");
  });
});
