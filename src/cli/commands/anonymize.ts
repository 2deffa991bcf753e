/**
 * `anonymize <file> --method ID [--<param> v ...] [--sensitive a,b | --sensitive-top M |
 * --sensitive-random M | --sensitive-band M] [--seed S] --out release.json [--audit audit.json]
 * [--metrics a,b] [--export FILE [--export-format F]]` (DESIGN.md sec. 6): runs the method,
 * verifies the release, writes it (and with --export the release as data, sec. 4: FILE, plus a
 * second table beside it named FILE-generalized.csv or FILE-sensitive.csv where the kind has one),
 * and prints the run record with a few rows before and after and the files written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { publishRun } from '../../core/run/publishRun.ts';
import type { RunRecord, RunRequest } from '../../core/run/runRecord.ts';
import { findMethod } from '../../core/methods/registry.ts';
import type { MethodSpec } from '../../core/methods/types.ts';
import type { RowExample } from '../../core/metrics/summary/rowExamples.ts';
import { exportFormatsOf } from '../../core/release/export/exportRelease.ts';
import {
  EXPORT_FORMATS,
  isExportFormat,
  type ExportFile,
  type ExportFormat,
} from '../../core/release/export/types.ts';
import { allowOnly, intFlag, listFlag, requirePositional, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { PARSE_FLAGS, parseFlags, readDataset } from '../readDataset.ts';
import { SENSITIVE_FLAGS, sensitiveFlag } from '../sensitiveFlags.ts';

const RUN_FLAGS = [
  'method',
  'seed',
  'out',
  'audit',
  'metrics',
  ...SENSITIVE_FLAGS,
  'export',
  'export-format',
  'queries',
  'q',
  'min-support',
  'min-confidence',
];

export interface AnonymizeOutput extends RunRecord {
  examples: RowExample[];
  /** The data files written with --export. */
  exported?: string[];
}

export async function anonymizeCommand(args: ParsedArgs): Promise<AnonymizeOutput> {
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
    metricOptions: {
      queries: optionalInt(args, 'queries'),
      q: optionalInt(args, 'q'),
      minSupport: optionalFraction(args, 'min-support'),
      minConfidence: optionalFraction(args, 'min-confidence'),
    },
  };
  const exportPath = args.flags.get('export');
  const exportFormat = exportFormatFlag(args, spec);
  const { dataset } = await readDataset(file, parseFlags(args));
  const started = performance.now();
  const run = publishRun(
    dataset,
    { ...request },
    { peakBytes: () => process.resourceUsage().maxRSS * 1024 },
    { exportFormat: exportPath === undefined ? null : exportFormat },
  );
  writeFileSync(out, run.releaseJson + '\n');
  const auditPath = args.flags.get('audit');
  if (auditPath) writeFileSync(auditPath, run.auditJson + '\n');
  const exported = exportPath === undefined ? undefined : run.exports.map((f) => writeExport(exportPath, f));
  const { record } = run;
  // A constraint file's content stays out of the printed record: it names the file instead.
  const shownParams = { ...record.params, ...files };
  return {
    ...record,
    params: shownParams,
    total_ms: performance.now() - started,
    command: record.command.replace(/ (\S+) --method/, ` ${file} --method`),
    examples: run.examples,
    ...(exported ? { exported } : {}),
  };
}

/** --export-format, checked against what the method's release kind can be written as. */
function exportFormatFlag(args: ParsedArgs, spec: MethodSpec): ExportFormat | undefined {
  const raw = args.flags.get('export-format');
  if (raw === undefined) return undefined;
  if (!args.flags.has('export')) throw new CliError('--export-format needs --export FILE');
  if (!isExportFormat(raw))
    throw new CliError(`--export-format must be one of ${EXPORT_FORMATS.join(', ')}, got '${raw}'`);
  const possible = exportFormatsOf(spec.releaseKind);
  if (!possible.includes(raw))
    throw new CliError(
      `a ${spec.releaseKind} release (${spec.id}) is written as ${possible.join(' or ')}, not ${raw} (DESIGN.md sec. 4)`,
    );
  return raw;
}

/** Writes one exported file: the data at `path`, a second table beside it (`path-sensitive.csv`). */
function writeExport(path: string, file: ExportFile): string {
  const target =
    file.suffix === '' ? path : `${path.replace(/\.[^./\\]+$/, '')}${file.suffix}.${file.extension}`;
  writeFileSync(target, file.text);
  return target;
}

function optionalInt(args: ParsedArgs, name: string): number | undefined {
  return args.flags.has(name) ? intFlag(args, name, 0, 1) : undefined;
}

function optionalFraction(args: ParsedArgs, name: string): number | undefined {
  const raw = args.flags.get(name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!(value > 0 && value <= 1)) throw new CliError(`--${name} must be a fraction in (0, 1], got '${raw}'`);
  return value;
}
