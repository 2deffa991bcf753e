/**
 * The files of a run that publishes a release, planned and written alike by `anonymize` and
 * `distribute` (DESIGN.md sec. 6): the release JSON (--out), the private audit (--audit), the
 * release as data (--export FILE, with its second table beside it where the kind has one:
 * exportFiles.ts) and anonymize's rules (--rules-out). They are checked against the inputs and each
 * other before any work (outputFiles.ts), and written once the run succeeded: each to a temporary
 * beside its target, all put in place together (issue 29), the audit first, so that a release is
 * never left on disk without the audit that checks it.
 */
import type { MethodSpec } from '../core/methods/types.ts';
import { exportFormatsOf } from '../core/release/export/exportRelease.ts';
import type { ExportFormat } from '../core/release/export/types.ts';
import { writeAuditJson, writeReleaseJson } from '../core/release/writeJson.ts';
import type { PublishedRun, PublishOptions } from '../core/run/publishRun.ts';
import { CliError } from './cliError.ts';
import { exportIsParquet, exportTargets, writeExportFiles } from './exportFiles.ts';
import { planOutputs, type OutputTarget } from './outputFiles.ts';
import type { FlagValues } from './readCommandLine.ts';
import { parseFlags } from './readDataset.ts';
import { writeJsonLine } from './writePieces.ts';

export interface RunFiles {
  /** What the run publishes besides the release (publishRun): the export's format, the rules. */
  readonly publish: PublishOptions;
  /** Writes the run's files, all or none; the exported data files with --export. */
  write(outcome: PublishedRun): Promise<string[] | undefined>;
}

/** The run's files, checked before any work (flags, targets against inputs and each other). */
export function planRunFiles(values: FlagValues, spec: MethodSpec): RunFiles {
  const [file] = values.positional;
  const exportFormat = exportFormatFlag(values, spec);
  const exportPath = values.path('export');
  const exportFiles =
    exportPath === undefined
      ? []
      : exportTargets(
          '--export',
          exportPath,
          spec.releaseKind,
          exportIsParquet(exportFormat, file, parseFlags(values).format),
        );
  // Only `anonymize` declares --rules-out.
  const rulesOut = values.has('rules-out') ? values.path('rules-out') : undefined;
  if (rulesOut && spec.releaseKind === 'transactions' && !values.has('audit'))
    throw new CliError(
      `--rules-out: ${spec.id}'s rules fingerprint the input's rows under a secret key kept in the audit only; give --audit audit.json too`,
    );
  const targets: OutputTarget[] = [...values.outputs().filter((o) => o.what !== '--export'), ...exportFiles];
  const outputs = planOutputs(values.inputs(), targets);
  const auditPath = values.path('audit');
  const releasePath = values.path('out')!;
  return {
    publish: { exportFormat: exportPath === undefined ? null : exportFormat, rules: rulesOut !== undefined },
    async write(outcome) {
      let exported: string[] | undefined;
      await outputs.publish(() => {
        if (auditPath)
          outputs.writeWith(auditPath, (sink) =>
            writeJsonLine(sink, (s) => writeAuditJson(outcome.audit, s)),
          );
        outputs.writeWith(releasePath, (sink) =>
          writeJsonLine(sink, (s) => writeReleaseJson(outcome.release, s)),
        );
        if (exportPath !== undefined) exported = writeExportFiles(outputs, exportFiles, outcome.exports);
        if (rulesOut) {
          if (!outcome.rulesJson) throw new Error(`${spec.id} made no rules`);
          outputs.writeText(rulesOut, outcome.rulesJson);
        }
      });
      return exported;
    },
  };
}

/** --export-format, checked against what the method's release kind can be written as. */
function exportFormatFlag(values: FlagValues, spec: MethodSpec): ExportFormat | undefined {
  const format = values.string('export-format') as ExportFormat | undefined;
  if (format === undefined) return undefined;
  const possible = exportFormatsOf(spec.releaseKind);
  if (!possible.includes(format))
    throw new CliError(
      `a ${spec.releaseKind} release (${spec.id}) is written as ${possible.join(' or ')}, not ${format} (DESIGN.md sec. 4)`,
    );
  return format;
}
