/**
 * `check <file> --model k-anonymity|km-anonymity|p-degree|l-diversity [--k N --m N --p N --l N]
 * [--sensitive a,b | --sensitive-top M | --sensitive-random M | --sensitive-band M] [--seed S]
 * [--columns FILE]` (DESIGN.md sec. 6): does the dataset, published as it stands, meet the model?
 * Prints `{ model, holds, offers, offenders, reading }` with the same verifiers every release passes
 * (core/check), the worst offenders first; exit code 0 whether or not it holds. Levels default to 2;
 * `offers` is the largest level the data meets (null when nothing can be linked at all).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { checkDataset } from '../../core/check/checkDataset.ts';
import { readColumnSplit } from '../../core/check/columnSplit.ts';
import type { CheckRequest } from '../../core/check/types.ts';
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
            };
  const result = checkDataset(dataset, request);
  return {
    model: result.model,
    holds: result.holds,
    offers: Number.isFinite(result.offered) ? result.offered : null,
    offenders: result.problems,
    reading: result.reading,
  };
}

function readText(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new CliError(`${path}: cannot read the file given to ${flag}`);
  }
}
