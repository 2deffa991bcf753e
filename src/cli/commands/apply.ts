/**
 * `apply <file> --rules rules.json --export OUT [--export-format F] [--audit audit.json]
 * [--out release.json] [--new-items suppress|keep]` (DESIGN.md sec. 6 and 7): applies the rules a
 * run saved (`anonymize --rules-out`) to another batch of the same shape, writes the outcome as
 * data in the batch's format or the one asked for (the exporters of DESIGN.md sec. 4, the relation
 * named as the run names it; a generalized outcome also writes what each generalized item stands
 * for beside it, OUT with `-generalized.csv`) and prints the check of the outcome: whether the
 * guarantee still holds, the level it offers and the offenders. Exit 0 whether or not it holds.
 * k-anonymity rules recognise the run's own rows by keyed fingerprints: `--audit` (the run's
 * audit) gives the key; without it every row joins a class by the rules' join rule
 * (`report.keyMissing`). On the run's own input, with its audit, the export is the run's export
 * byte for byte (test/applyReproduces.test.ts).
 */
import { applyRules } from '../../core/check/applyRules.ts';
import { writeReleaseJson } from '../../core/release/writeJson.ts';
import { exportFormatsOf, exportRelease } from '../../core/release/export/exportRelease.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../../core/release/export/types.ts';
import { defaultExportFormat, relationName } from '../../core/run/publishRun.ts';
import { writeJsonLine } from '../writePieces.ts';
import { parseRules, rulesKeyOf } from '../../core/run/rules.ts';
import { CliError } from '../cliError.ts';
import { PARSE_FLAGS } from '../commonFlags.ts';
import { exportIsParquet, exportTargets, writeExportFiles } from '../exportFiles.ts';
import { readTextFile } from '../fileErrors.ts';
import type { CommandSpec } from '../flagSpec.ts';
import { planOutputs } from '../outputFiles.ts';
import { parseFlags, readDataset } from '../readDataset.ts';

export const applyCommand: CommandSpec = {
  name: 'apply',
  summary: "treats another batch as a run's saved rules say, writes it, and checks the guarantee",
  positional: [{ name: 'file', help: 'the batch' }],
  flags: [
    ...PARSE_FLAGS,
    {
      name: 'rules',
      kind: 'path-in',
      required: true,
      help: 'the rules a run saved (anonymize --rules-out)',
    },
    { name: 'export', kind: 'path-out', required: true, help: 'the treated batch, as data' },
    {
      name: 'export-format',
      kind: 'string',
      choices: EXPORT_FORMATS,
      help: "the format of the data (default: the batch's own)",
    },
    {
      name: 'audit',
      kind: 'path-in',
      help: "the run's audit: the key of k-anonymity rules' row fingerprints",
    },
    { name: 'out', kind: 'path-out', help: 'the outcome as a release (JSON)' },
    {
      name: 'new-items',
      kind: 'string',
      choices: ['suppress', 'keep'],
      default: 'suppress',
      help: 'what becomes of an item the rules do not know (and their hierarchy does not place)',
    },
  ],
  async run(values) {
    const [file] = values.positional;
    const rulesPath = values.path('rules')!;
    const rules = parseRules(readTextFile(rulesPath, '--rules'), rulesPath);
    const asked = values.string('export-format') as ExportFormat | undefined;
    if (asked && !exportFormatsOf(rules.kind).includes(asked))
      throw new CliError(
        `--export-format: a ${rules.kind} outcome is written as ${exportFormatsOf(rules.kind).join(' or ')}, not ${asked}`,
      );
    const exportPath = values.path('export')!;
    const targets = exportTargets(
      '--export',
      exportPath,
      rules.kind,
      exportIsParquet(asked, file, parseFlags(values).format),
    );
    const out = values.path('out');
    const outputs = planOutputs(values.inputs(), [
      ...targets,
      ...(out ? [{ what: '--out', path: out }] : []),
    ]);
    const auditPath = values.path('audit');
    const key =
      auditPath === undefined ? undefined : rulesKeyOf(readTextFile(auditPath, '--audit'), auditPath);
    const { dataset, warnings } = await readDataset(file, parseFlags(values));
    const applied = applyRules(dataset, rules, {
      newItems: values.string('new-items') as 'suppress' | 'keep',
      ...(key && { key }),
    });
    const format = asked ?? defaultExportFormat(dataset, applied.release.kind);
    const files = exportRelease(applied.release, format, relationName(dataset, applied.release));
    let written: string[] = [];
    await outputs.publish(() => {
      written = writeExportFiles(outputs, targets, files);
      if (out)
        outputs.writeWith(out, (sink) => writeJsonLine(sink, (s) => writeReleaseJson(applied.release, s)));
    });
    const [data, table] = written;
    return {
      rules: { method: rules.method, model: rules.model, params: rules.params, kind: rules.kind },
      guarantee: applied.check.guarantee,
      holds: applied.check.holds,
      offers: applied.check.offered,
      offenders: applied.check.problems,
      report: applied.report,
      export: { data, format, ...(table && { generalized: table }) },
      ...(warnings.total > 0 ? { parseWarnings: warnings } : {}),
    };
  },
};
