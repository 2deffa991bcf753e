/**
 * `apply <file> --rules rules.json --export OUT [--audit audit.json] [--out release.json] [--new-items suppress|keep]`
 * (DESIGN.md sec. 6 and 7): applies the rules a run saved (`anonymize --rules-out`) to another batch
 * of the same shape, writes the outcome as data in the batch's format (the exporters of DESIGN.md
 * sec. 4; a generalized outcome also writes what each generalized item stands for beside it, OUT
 * with `-generalized.csv`) and prints the check of the outcome: whether the guarantee still holds,
 * the level it offers and the offenders. Exit 0 whether or not it holds. k-anonymity rules recognise
 * the run's own rows by keyed fingerprints: `--audit` (the run's audit) gives the key; without it
 * every row joins a class by the rules' join rule (`report.keyMissing`).
 */
import { readFileSync } from 'node:fs';
import { writeFile, writeJsonLine } from '../writePieces.ts';
import { applyRules } from '../../core/check/applyRules.ts';
import { writeReleaseJson } from '../../core/release/writeJson.ts';
import { exportRelease } from '../../core/release/export/exportRelease.ts';
import { defaultExportFormat } from '../../core/run/publishRun.ts';
import { parseRules, rulesKeyOf } from '../../core/run/rules.ts';
import { allowOnly, requirePositional, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { checkedExportTargets, writeExportFiles } from '../exportFiles.ts';
import { checkOutputPaths } from '../outputPaths.ts';
import { PARSE_FLAGS, parseFlags, readDataset } from '../readDataset.ts';

export async function applyCommand(args: ParsedArgs) {
  const [file] = requirePositional(args, 1, 'apply <file> --rules rules.json --export OUT');
  allowOnly(args, [...PARSE_FLAGS, 'rules', 'export', 'out', 'new-items', 'audit']);
  const rulesPath = args.flags.get('rules');
  if (!rulesPath) throw new CliError('apply needs --rules rules.json (written by anonymize --rules-out)');
  const exportPath = args.flags.get('export');
  if (!exportPath) throw new CliError('apply needs --export OUT, the file the treated batch is written to');
  checkOutputPaths(
    args,
    ['export', 'out'],
    [file, rulesPath, ...(args.flags.has('audit') ? [args.flags.get('audit')!] : [])],
    ['export'],
  );
  const newItems = args.flags.get('new-items') ?? 'suppress';
  if (newItems !== 'suppress' && newItems !== 'keep')
    throw new CliError(`--new-items must be suppress or keep, got '${newItems}'`);
  let text: string;
  try {
    text = readFileSync(rulesPath, 'utf8');
  } catch {
    throw new CliError(`${rulesPath}: cannot read the rules file`);
  }
  const rules = parseRules(text, rulesPath);
  const auditPath = args.flags.get('audit');
  let key: string | undefined;
  if (auditPath !== undefined) {
    try {
      key = rulesKeyOf(readFileSync(auditPath, 'utf8'), auditPath);
    } catch (error) {
      if (error instanceof Error && error.name === 'ReleaseFormatError') throw error;
      throw new CliError(`${auditPath}: cannot read the audit file`);
    }
  }
  const { dataset, warnings } = await readDataset(file, parseFlags(args));
  const applied = applyRules(dataset, rules, { newItems, ...(key && { key }) });
  const format = defaultExportFormat(dataset, applied.release.kind);
  const files = exportRelease(applied.release, format, `${dataset.name} treated by ${rulesPath}`);
  const targets = checkedExportTargets(exportPath, files, [file, rulesPath, args.flags.get('out')]);
  const [data, table] = writeExportFiles(targets, files);
  const out = args.flags.get('out');
  if (out) writeFile(out, (sink) => writeJsonLine(sink, (s) => writeReleaseJson(applied.release, s)));
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
}
