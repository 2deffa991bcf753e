/**
 * `anonymize <file> --method ID [--<param> v ...] [--sensitive a,b | --sensitive-top M |
 * --sensitive-random M] [--seed S] --out release.json [--audit audit.json] [--metrics a,b]`
 * (DESIGN.md sec. 6): runs the method, verifies the release, writes it, prints the run record.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { runMethod } from '../../core/run/runMethod.ts';
import type { RunRecord, RunRequest } from '../../core/run/runRecord.ts';
import { findMethod } from '../../core/methods/registry.ts';
import type { SensitiveChoice } from '../../core/data/sensitive.ts';
import { releaseJson } from '../../core/release/exportRelease.ts';
import { allowOnly, intFlag, listFlag, requirePositional, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { METRIC_FLAGS, metricSettings } from '../metricFlags.ts';
import { PARSE_FLAGS, parseFlags, readDataset } from '../readDataset.ts';

const RUN_FLAGS = [
  'method',
  'seed',
  'out',
  'audit',
  'metrics',
  'sensitive',
  'sensitive-top',
  'sensitive-random',
  ...METRIC_FLAGS,
];

export async function anonymizeCommand(args: ParsedArgs): Promise<RunRecord> {
  const [file] = requirePositional(
    args,
    1,
    'anonymize <file> --method ID [--<param> value ...] --out release.json',
  );
  const methodId = args.flags.get('method');
  if (!methodId) throw new CliError('anonymize needs --method ID (see `methods`)');
  const spec = findMethod(methodId);
  if (!spec) throw new CliError(`unknown method '${methodId}' (see \`methods\`)`);
  allowOnly(args, [...PARSE_FLAGS, ...RUN_FLAGS, ...spec.params.map((p) => p.name)]);
  const out = args.flags.get('out');
  if (!out) throw new CliError('anonymize needs --out release.json');
  // `text` params (constraint files) are given as file paths and passed on as their content.
  const files: Record<string, string> = {};
  const params = Object.fromEntries(
    spec.params.map((p) => {
      const value = args.flags.get(p.name);
      if (p.type !== 'text' || value === undefined) return [p.name, value];
      files[p.name] = value;
      try {
        return [p.name, readFileSync(value, 'utf8')];
      } catch {
        throw new CliError(`${value}: cannot read the file given to --${p.name}`);
      }
    }),
  );
  const request: RunRequest = {
    method: methodId,
    params,
    files,
    seed: intFlag(args, 'seed', 1),
    sensitive: sensitiveFlag(args),
    metrics: listFlag(args, 'metrics'),
    metricOptions: metricSettings(args),
  };
  const { dataset } = await readDataset(file, parseFlags(args));
  const { record, release, audit } = runMethod(
    dataset,
    { ...request },
    { peakBytes: () => process.resourceUsage().maxRSS * 1024 },
  );
  writeFileSync(out, releaseJson(release) + '\n');
  const auditPath = args.flags.get('audit');
  if (auditPath) writeFileSync(auditPath, JSON.stringify(audit) + '\n');
  // A constraint file's content stays out of the printed record: it names the file instead; the
  // per-query values (for paired comparisons in sweeps) stay out too.
  const shownParams = { ...record.params, ...files };
  const { perQuery: _perQuery, ...shown } = record;
  return {
    ...shown,
    params: shownParams,
    command: record.command.replace(/ (\S+) --method/, ` ${file} --method`),
  };
}

function sensitiveFlag(args: ParsedArgs): SensitiveChoice | undefined {
  const given = ['sensitive', 'sensitive-top', 'sensitive-random'].filter((f) => args.flags.has(f));
  if (given.length > 1)
    throw new CliError(
      `choose one of --sensitive, --sensitive-top, --sensitive-random (got ${given.join(', ')})`,
    );
  if (args.flags.has('sensitive'))
    return {
      items: args.flags
        .get('sensitive')!
        .split(',')
        .map((t) => t.trim()),
    };
  if (args.flags.has('sensitive-top')) return { top: intFlag(args, 'sensitive-top', 0) };
  if (args.flags.has('sensitive-random')) return { random: intFlag(args, 'sensitive-random', 0) };
  return undefined;
}
