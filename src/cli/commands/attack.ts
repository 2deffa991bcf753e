/**
 * `attack <file> [<release.json> --audit audit.json] [--known 1,2,3,4] [--targets N]
 * [--choose random|rarest|frequent] [--seed S] [--runs N]` (DESIGN.md sec. 8): the attacks each
 * model defends against, on the input as it stands (`before`) and on the release (`after`), with
 * the model's bound and whether the release keeps it (core/attack/). Without a release, the
 * identity attack on the input alone. A release or audit of the wrong shape is bad input (exit 2,
 * as `evaluate`). The release is attacked as published, without its verifier: a release that
 * fails it (a class cut short) is exactly what an attack should show, and its audit's rows that
 * name no input row score nothing.
 */
import {
  attackInput,
  DEFAULT_MEMBERSHIP_RUNS,
  DEFAULT_MEMBERSHIP_TARGETS,
} from '../../core/attack/attackRelease.ts';
import { KNOWN_CHOICES, type AttackReport, type KnownChoice } from '../../core/attack/types.ts';
import { attackWithMechanism } from '../../core/run/attackRun.ts';
import { readRelease } from '../../core/run/readRelease.ts';
import { CliError } from '../cliError.ts';
import { KNOWN_FLAG, PARSE_FLAGS, SEED_FLAG } from '../commonFlags.ts';
import { readTextFile } from '../fileErrors.ts';
import type { CommandSpec } from '../flagSpec.ts';
import { QUIET_FLAG, withProgress, type Progress } from '../progress.ts';
import type { FlagValues } from '../readCommandLine.ts';
import { parseFlags, readDataset } from '../readDataset.ts';

export const DEFAULT_ATTACK_TARGETS = 2000;
/** The membership game runs the method 2 x targets x runs times: the rows it is played on at most. */
export const MEMBERSHIP_ROWS = 100_000;

export const attackCommand: CommandSpec<AttackReport> = {
  name: 'attack',
  summary: 'attacks the input and a release: identity, sensitive-item inference, DP membership',
  positional: [
    { name: 'file', help: 'the input (the release was made from it)' },
    {
      name: 'release.json',
      help: 'the release to attack (leave out to attack the input alone)',
      optional: true,
    },
  ],
  flags: [
    ...PARSE_FLAGS,
    { name: 'audit', kind: 'path-in', help: "the release's audit: used only to score, after the attack" },
    KNOWN_FLAG,
    {
      name: 'targets',
      kind: 'integer',
      min: 1,
      max: 1_000_000,
      default: DEFAULT_ATTACK_TARGETS,
      help: 'targets drawn per attack (all eligible rows when fewer)',
    },
    {
      name: 'choose',
      kind: 'string',
      choices: KNOWN_CHOICES,
      default: 'random',
      help: "which of a target's items the attacker knows: random, its rarest or its most frequent",
    },
    {
      name: 'runs',
      kind: 'integer',
      min: 10,
      max: 100_000,
      default: DEFAULT_MEMBERSHIP_RUNS,
      help: `membership (DP releases of at most ${MEMBERSHIP_ROWS.toLocaleString('en')} rows): mechanism runs on each of D and D minus the target (${DEFAULT_MEMBERSHIP_TARGETS} targets)`,
    },
    SEED_FLAG,
    QUIET_FLAG,
  ],
  run: (values) => withProgress(values, (progress) => attack(values, progress)),
};

async function attack(values: FlagValues, progress: Progress): Promise<AttackReport> {
  const [file, releasePath] = values.positional;
  const auditPath = values.path('audit');
  if (releasePath !== undefined && auditPath === undefined)
    throw new CliError(
      'usage: attack <file> [<release.json> --audit FILE] (a release needs its audit: it scores the attack)',
    );
  if (releasePath === undefined && auditPath !== undefined)
    throw new CliError('--audit applies only with a release (attack <file> <release.json> --audit FILE)');
  const knowledge = {
    known: values.integers('known') ?? [1, 2, 3, 4],
    choose: values.string('choose') as KnownChoice,
    targets: values.integer('targets')!,
    seed: values.integer('seed')!,
  };
  const parsed =
    releasePath === undefined
      ? undefined
      : readRelease(
          { text: readTextFile(releasePath, releasePath), file: releasePath },
          { text: readTextFile(auditPath!, '--audit'), file: auditPath! },
        );
  const { dataset } = await readDataset(file, parseFlags(values), progress.read);
  progress.stage('attacking');
  if (!parsed) return attackInput(dataset, knowledge);
  if (parsed.release.model === 'differential-privacy' && dataset.n > MEMBERSHIP_ROWS)
    throw new CliError(
      `${file}: the membership game runs ${parsed.release.method} ${2 * DEFAULT_MEMBERSHIP_TARGETS * values.integer('runs')!} times (${DEFAULT_MEMBERSHIP_TARGETS} targets, --runs on each side): at most ${MEMBERSHIP_ROWS.toLocaleString('en')} rows, this file has ${dataset.n.toLocaleString('en')}; attack a sample of it`,
    );
  return attackWithMechanism(dataset, parsed.release, parsed.audit, knowledge, {
    runs: values.integer('runs')!,
  });
}
