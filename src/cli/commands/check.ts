/**
 * `check <file> --model k-anonymity|km-anonymity|p-degree|l-diversity [--k N --m N --p N --l N]
 * [--sensitive a,b | --sensitive-top M | --sensitive-random M | --sensitive-band M] [--seed S]
 * [--columns FILE]` (DESIGN.md sec. 6): does the dataset, published as it stands, meet the model?
 * Prints `{ model, holds, offers, offenders, reading }` with the same verifiers every release passes
 * (core/check), the worst offenders first; exit code 0 whether or not it holds. Levels default to 2;
 * `offers` is the largest level the data meets (null when nothing can be linked at all).
 * An exported groups or buckets release (`group,row,item` with NAME-sensitive.csv beside it;
 * `bucket,row,column,item`) is checked as what it is (core/check/checkExport.ts): p-degree from the
 * published counts, l-diversity per bucket. On basket data, l-diversity takes the sensitive items as
 * p-degree does (`--sensitive ...`): they are one column, the rest what an attacker knows.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { checkDataset } from '../../core/check/checkDataset.ts';
import { checkExport } from '../../core/check/checkExport.ts';
import { readBucketsExport, readGroupsExport } from '../../core/check/exportedTables.ts';
import { exportLayoutOfText, sensitiveTableName } from '../../core/data/exportLayout.ts';
import { readColumnSplit } from '../../core/check/columnSplit.ts';
import type { CheckRequest, CheckResult } from '../../core/check/types.ts';
import { allowOnly, intFlag, requirePositional, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { PARSE_FLAGS, parseFlags, readDataset } from '../readDataset.ts';
import { SENSITIVE_FLAGS, sensitiveFlag } from '../sensitiveFlags.ts';

const MODELS = ['k-anonymity', 'km-anonymity', 'p-degree', 'l-diversity'] as const;

export interface CheckOutput {
  model: CheckRequest['model'];
  holds: boolean;
  offers: number | null;
  offenders: string[];
  reading: string;
}

export async function checkCommand(args: ParsedArgs): Promise<CheckOutput> {
  allowOnly(args, [...PARSE_FLAGS, ...SENSITIVE_FLAGS, 'model', 'k', 'm', 'p', 'l', 'seed', 'columns']);
  const [file] = requirePositional(args, 1, `check <file> --model ${MODELS.join('|')} [--k N ...]`);
  const model = args.flags.get('model');
  if (!MODELS.includes(model as (typeof MODELS)[number]))
    throw new CliError(`check needs --model ${MODELS.join('|')}${model ? `, got '${model}'` : ''}`);
  const sensitive = sensitiveFlag(args);
  const layout = exportLayoutOfText(firstBytes(file));
  if (layout === 'groups' || layout === 'buckets') {
    if (sensitive)
      throw new CliError(
        `${file} is an exported ${layout} release: its sensitive items are the ones it publishes; leave the sensitive flags out`,
      );
    const name = basename(file);
    const exported =
      layout === 'groups'
        ? readGroupsExport({ name, text: readText(file, 'check') }, sensitiveTable(file))
        : readBucketsExport({ name, text: readText(file, 'check') });
    const level = (flag: string) => intFlag(args, flag, 2, 1);
    const request: CheckRequest =
      model === 'p-degree'
        ? { model, p: level('p'), sensitive: { items: [] }, seed: 1 }
        : model === 'l-diversity'
          ? { model, l: level('l'), columns: [] }
          : { model: model as 'k-anonymity', k: level('k') };
    return output(checkExport(exported, request));
  }
  if (model === 'p-degree' && !sensitive)
    throw new CliError(
      'check --model p-degree needs the sensitive items (--sensitive a,b, --sensitive-top M, --sensitive-random M or --sensitive-band M)',
    );
  const columnsPath = args.flags.get('columns');
  const columnsText = columnsPath === undefined ? undefined : readText(columnsPath, '--columns');
  const { dataset } = await readDataset(file, parseFlags(args));
  const level = (name: string) => intFlag(args, name, 2, 1);
  const request: CheckRequest =
    model === 'k-anonymity'
      ? { model, k: level('k') }
      : model === 'km-anonymity'
        ? { model, k: level('k'), m: level('m') }
        : model === 'p-degree'
          ? { model, p: level('p'), sensitive: sensitive!, seed: intFlag(args, 'seed', 1) }
          : {
              model: 'l-diversity',
              l: level('l'),
              columns:
                columnsText === undefined
                  ? []
                  : readColumnSplit(columnsText, basename(columnsPath!), dataset),
              ...(sensitive && { sensitive, seed: intFlag(args, 'seed', 1) }),
            };
  return output(checkDataset(dataset, request));
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

/** The first bytes of a file as text (an export's header; gzip files are never exports). */
function firstBytes(path: string): string {
  try {
    const fd = openSync(path, 'r');
    const buffer = Buffer.alloc(256);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    closeSync(fd);
    return buffer.subarray(0, length).toString('utf8');
  } catch {
    return ''; // readDataset names the problem
  }
}

/** A groups export's sensitive table, NAME-sensitive.csv beside NAME.csv. */
function sensitiveTable(file: string): { name: string; text: string } {
  const name = sensitiveTableName(basename(file));
  const path = join(dirname(file), name);
  if (!existsSync(path))
    throw new CliError(
      `${file} is a groups export (group,row,item): its sensitive counts, ${name} (group,item,count), must be beside it`,
    );
  return { name, text: readText(path, 'check') };
}

function readText(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new CliError(`${path}: cannot read the file given to ${flag}`);
  }
}
