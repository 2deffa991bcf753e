/**
 * `check <file> --model k-anonymity|km-anonymity|p-degree|l-diversity|hkp-coherence [--k N --m N --p N --l N --h F]
 * [--sensitive a,b | --sensitive-top M | --sensitive-random M | --sensitive-band M] [--seed S]
 * [--columns FILE]` (DESIGN.md sec. 6): does the dataset, published as it stands, meet the model?
 * Prints `{ model, holds, offers, offenders, reading }` with the same verifiers every release passes
 * (core/check), the worst offenders first; exit code 0 whether or not it holds. Levels default to 2;
 * `offers` is the largest level the data meets (null when nothing can be linked at all). A level
 * flag of another model (`--p` on a k-anonymity check) is refused, and so is an m above the
 * longest row.
 * An exported groups or buckets release (`group,row,item` with NAME-sensitive.csv beside it;
 * `bucket,row,column,item`) is checked as what it is (core/check/checkExport.ts): p-degree from the
 * published counts, l-diversity per bucket; as Parquet too (NAME.parquet with NAME-sensitive.parquet). On basket data, l-diversity takes the sensitive items as
 * p-degree does (`--sensitive ...`): they are one column, the rest what an attacker knows.
 * A disassociated release, as the table its export writes (`cluster,rows,chunk,subrecord,item`, as
 * CSV or Parquet) or as its release file (JSON), is checked with --model disassociation without its input
 * (core/check/checkDisassociatedExport.ts): chunks k^m-anonymous, items in one chunk, covers.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../../core/base/errors.ts';
import { checkDataset } from '../../core/check/checkDataset.ts';
import { checkExport } from '../../core/check/checkExport.ts';
import { checkDisassociatedExport } from '../../core/check/checkDisassociatedExport.ts';
import {
  isDisassociatedTable,
  isReleaseJson,
  readDisassociatedRelease,
  readDisassociatedTable,
  type DisassociatedExport,
} from '../../core/check/disassociatedExport.ts';
import {
  readBucketsExport,
  readGroupsExport,
  type ExportedRelease,
} from '../../core/check/exportedTables.ts';
import {
  isDisassociatedParquet,
  parquetExportedTable,
  parquetExportLayout,
} from '../../core/check/parquetTables.ts';
import { isParquet } from '../../core/data/columnar/signature.ts';
import { fileBuffer, type FileBuffer } from '../fileBuffer.ts';
import { readColumnSplit } from '../../core/check/columnSplit.ts';
import type { CheckRequest, CheckResult } from '../../core/check/types.ts';
import { exportLayoutOfText, sensitiveTableName } from '../../core/data/exportLayout.ts';
import { dataFacts } from '../../core/methods/params.ts';
import { CliError } from '../cliError.ts';
import { readTextFile } from '../fileErrors.ts';
import { PARSE_FLAGS, SEED_FLAG, sensitiveFlags } from '../commonFlags.ts';
import type { CommandSpec, FlagCondition, FlagSpec } from '../flagSpec.ts';
import { parseFlags, readDataset } from '../readDataset.ts';
import { sensitiveChoice } from '../sensitiveFlags.ts';
import { QUIET_FLAG, withProgress, type Progress } from '../progress.ts';
import type { FlagValues } from '../readCommandLine.ts';

const MODELS = [
  'k-anonymity',
  'km-anonymity',
  'p-degree',
  'l-diversity',
  'hkp-coherence',
  'disassociation',
] as const;
type Model = (typeof MODELS)[number];

/** The flag applies to a check of one of `models`. */
function withModel(...models: Model[]): FlagCondition {
  return {
    when: `with --model ${models.join(' or ')}`,
    holds: (flags) => models.includes(flags.get('model') as Model),
  };
}

const level = (name: string, help: string, only: FlagCondition): FlagSpec => ({
  name,
  kind: 'integer',
  min: 1,
  default: 2,
  help,
  only,
});

const CHECK_FLAGS: readonly FlagSpec[] = [
  ...PARSE_FLAGS,
  { name: 'model', kind: 'string', choices: MODELS, required: true, help: 'the privacy model to check' },
  level(
    'k',
    'every published row (itemset of up to m items, of up to p public items) in at least k rows',
    withModel('k-anonymity', 'km-anonymity', 'hkp-coherence', 'disassociation'),
  ),
  {
    ...level(
      'm',
      'itemsets of up to m items (at most the longest row)',
      withModel('km-anonymity', 'disassociation'),
    ),
    bound: 'at most the longest row',
  },
  level(
    'p',
    'p-degree: a row is linked to a sensitive item with probability at most 1/p; hkp-coherence: the attacker knows up to p public items',
    withModel('p-degree', 'hkp-coherence'),
  ),
  {
    name: 'h',
    kind: 'number',
    min: 0.001,
    max: 1,
    default: 0.5,
    help: 'hkp-coherence: at most this share of the rows holding p public items may hold one private item',
    only: withModel('hkp-coherence'),
  },
  level('l', 'a column value is told with probability at most 1/l', withModel('l-diversity')),
  ...sensitiveFlags(withModel('p-degree', 'l-diversity', 'hkp-coherence')),
  { ...SEED_FLAG, only: withModel('p-degree', 'l-diversity', 'hkp-coherence') },
  {
    name: 'columns',
    kind: 'path-in',
    help: 'the split of the items into columns (column,item lines)',
    only: withModel('l-diversity'),
  },
  QUIET_FLAG,
];

export interface CheckOutput {
  model: CheckRequest['model'];
  holds: boolean;
  offers: number | null;
  offenders: string[];
  reading: string;
}

export const checkCommand: CommandSpec<CheckOutput> = {
  name: 'check',
  summary: 'does the dataset, as it stands, meet a privacy model? (exit 0 either way)',
  positional: [{ name: 'file', help: 'the dataset (or an export of a release)' }],
  flags: CHECK_FLAGS,
  run: (values) => withProgress(values, (progress) => check(values, progress)),
};

async function check(values: FlagValues, progress: Progress): Promise<CheckOutput> {
  const [file] = values.positional;
  const model = values.string('model') as Model;
  const sensitive = sensitiveChoice(values);
  const get = (name: string) => values.integer(name)!;
  const parquet = isParquet(Buffer.from(firstBytes(file, 4), 'latin1'));
  const disassociated = parquet ? await disassociatedParquet(file) : disassociatedExport(file);
  if (disassociated) {
    if (model !== 'disassociation')
      throw new CliError(
        `${file} is a disassociated release (clusters of record chunks and term chunks): what it guarantees is k^m-anonymity of its chunks; check it with --model disassociation`,
      );
    if (sensitive) throw new CliError(`${file} is a disassociated release: leave the sensitive flags out`);
    return output(checkDisassociatedExport(disassociated, get('k'), get('m')));
  }
  const exported = parquet ? await parquetExport(file) : textExport(file);
  if (exported) {
    const layout = exported.kind;
    if (sensitive)
      throw new CliError(
        `${file} is an exported ${layout} release: its sensitive items are the ones it publishes; leave the sensitive flags out`,
      );
    const request: CheckRequest =
      model === 'p-degree'
        ? { model, p: get('p'), sensitive: { items: [] }, seed: 1 }
        : model === 'l-diversity'
          ? { model, l: get('l'), columns: [] }
          : { model: 'k-anonymity', k: get('k') };
    return output(checkExport(exported, request));
  }
  if ((model === 'p-degree' || model === 'hkp-coherence') && !sensitive)
    throw new CliError(
      `check --model ${model} needs the sensitive items (--sensitive a,b, --sensitive-top M, --sensitive-random M or --sensitive-band M)`,
    );
  const columnsPath = values.path('columns');
  const columnsText = columnsPath === undefined ? undefined : readTextFile(columnsPath, '--columns');
  const { dataset } = await readDataset(file, parseFlags(values), progress.read);
  if (model === 'km-anonymity' || model === 'disassociation') {
    const longest = dataFacts(dataset).longestRow();
    if (get('m') > longest)
      throw new InputError(
        `check --m ${get('m')} is more than the longest row of ${dataset.name} (${longest} items): the largest m is ${longest}`,
      );
  }
  const request: CheckRequest =
    model === 'k-anonymity'
      ? { model, k: get('k') }
      : model === 'km-anonymity' || model === 'disassociation'
        ? { model, k: get('k'), m: get('m') }
        : model === 'p-degree'
          ? { model, p: get('p'), sensitive: sensitive!, seed: get('seed') }
          : model === 'hkp-coherence'
            ? {
                model,
                h: values.number('h')!,
                k: get('k'),
                p: get('p'),
                sensitive: sensitive!,
                seed: get('seed'),
              }
            : {
                model,
                l: get('l'),
                columns:
                  columnsText === undefined
                    ? []
                    : readColumnSplit(columnsText, basename(columnsPath!), dataset),
                ...(sensitive && { sensitive, seed: get('seed') }),
              };
  return output(checkDataset(dataset, request, (phase) => progress.stage(phase)));
}

function output(result: CheckResult): CheckOutput {
  return {
    model: result.model,
    holds: result.holds,
    offers: Number.isFinite(result.offered) ? result.offered : null,
    offenders: result.problems,
    reading: result.reading,
  };
}

/** The first bytes of a file (an export's header; gzip files are never exports). */
function firstBytes(path: string, bytes = 256): string {
  try {
    const fd = openSync(path, 'r');
    const buffer = Buffer.alloc(bytes);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    closeSync(fd);
    return buffer.subarray(0, length).toString(bytes === 4 ? 'latin1' : 'utf8');
  } catch {
    return ''; // readDataset names the problem
  }
}

/** A disassociated release read back (its table, or its release file), or null for anything else. */
function disassociatedExport(file: string): DisassociatedExport | null {
  const head = firstBytes(file);
  if (!isReleaseJson(head) && !isDisassociatedTable(head)) return null;
  return readDisassociatedRelease({ name: basename(file), text: readTextFile(file, file) });
}

/** A disassociated release's Parquet table read back, or null for any other Parquet file. */
async function disassociatedParquet(file: string): Promise<DisassociatedExport | null> {
  if (!(await withFile(file, (buffer) => isDisassociatedParquet(buffer, basename(file))))) return null;
  return readDisassociatedTable(await parquetTableOf(file));
}

/** A CSV groups or buckets export read whole, or null for data. */
function textExport(file: string): ExportedRelease | null {
  const layout = exportLayoutOfText(firstBytes(file));
  if (layout !== 'groups' && layout !== 'buckets') return null;
  const table = { name: basename(file), text: readTextFile(file, file) };
  return layout === 'groups'
    ? readGroupsExport(table, sensitiveTable(file, readTextFile))
    : readBucketsExport(table);
}

/** A Parquet groups or buckets export (its tables read as CSV text), or null for data. */
async function parquetExport(file: string): Promise<ExportedRelease | null> {
  const layout = await withFile(file, (buffer) => parquetExportLayout(buffer, basename(file)));
  if (layout !== 'groups' && layout !== 'buckets') return null;
  const table = await parquetTableOf(file);
  if (layout === 'buckets') return readBucketsExport(table);
  const sensitive = sensitiveTable(file, () => '');
  return readGroupsExport(table, await parquetTableOf(join(dirname(file), sensitive.name)));
}

function parquetTableOf(path: string) {
  return withFile(path, (buffer) => parquetExportedTable(buffer, basename(path)));
}

async function withFile<T>(path: string, read: (buffer: FileBuffer) => Promise<T>): Promise<T> {
  const buffer = fileBuffer(path);
  try {
    return await read(buffer);
  } finally {
    buffer.close();
  }
}

/** A groups export's sensitive table, NAME-sensitive.csv beside NAME.csv (.parquet beside .parquet). */
function sensitiveTable(
  file: string,
  read: (path: string, what: string) => string,
): { name: string; text: string } {
  const name = sensitiveTableName(basename(file));
  const path = join(dirname(file), name);
  if (!existsSync(path))
    throw new CliError(
      `${file} is a groups export (group,row,item): its sensitive counts, ${name} (group,item,count), must be beside it`,
    );
  return { name, text: read(path, path) };
}
