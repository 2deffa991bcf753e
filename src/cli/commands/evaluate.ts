/**
 * `evaluate <file> <release.json> --audit audit.json [--metrics a,b] [--seed S]` and the metric
 * options of `anonymize` (DESIGN.md sec. 6): verifies a release against its input and computes the
 * metrics that apply to it. A release or audit of the wrong shape (an unknown top-level key
 * included), or whose header does not fit the method it names, is bad input (exit 2, naming the
 * JSON path); a release of the right shape that does not match its input is `verified: false`
 * with the problems. A verified differential-privacy release also says whether it is publishable:
 * `publishable: false` and `seeded: "seeded: not for publication: ..."` when a seed it carries
 * replays its noise (run/seededReplay.ts), whatever its `noise` label says.
 */
import { findMetric, inapplicableMetrics, metricsFor } from '../../core/metrics/registry.ts';
import { readRelease } from '../../core/run/readRelease.ts';
import { CliError } from '../cliError.ts';
import { checkSeededNoise, type SeededCheck } from '../../core/run/seededReplay.ts';
import { replayMergedDiffPart } from '../../core/distribute/replayParts.ts';
import { verifyRelease } from '../../core/release/verify.ts';
import type { Verification } from '../../core/release/types.ts';
import { METRIC_FLAGS, METRICS_FLAG, PARSE_FLAGS, SEED_FLAG } from '../commonFlags.ts';
import { readTextFile } from '../fileErrors.ts';
import type { CommandSpec } from '../flagSpec.ts';
import { metricSettings } from '../metricFlags.ts';
import { parseFlags, readDataset } from '../readDataset.ts';
import { QUIET_FLAG, withProgress, type Progress } from '../progress.ts';
import type { FlagValues } from '../readCommandLine.ts';

export const evaluateCommand: CommandSpec<
  Verification & Partial<SeededCheck> & { metrics: Record<string, number> }
> = {
  name: 'evaluate',
  summary: 'verifies a release against its input and computes its metrics',
  positional: [
    { name: 'file', help: 'the input the release was made from' },
    { name: 'release.json', help: 'the release' },
  ],
  flags: [
    ...PARSE_FLAGS,
    {
      name: 'audit',
      kind: 'path-in',
      required: true,
      help: 'the audit: the link from published rows to input rows',
    },
    METRICS_FLAG,
    SEED_FLAG,
    ...METRIC_FLAGS,
    QUIET_FLAG,
  ],
  run: (values) => withProgress(values, (progress) => evaluate(values, progress)),
};

async function evaluate(
  values: FlagValues,
  progress: Progress,
): Promise<Verification & Partial<SeededCheck> & { metrics: Record<string, number> }> {
  const [file, releasePath] = values.positional;
  const auditPath = values.path('audit')!;
  const { release, audit } = readRelease(
    { text: readTextFile(releasePath, releasePath), file: releasePath },
    { text: readTextFile(auditPath, '--audit'), file: auditPath },
  );
  const named = values.tokens('metrics');
  const wrong = named && inapplicableMetrics(named, release.kind, release.model);
  if (wrong) throw new CliError(`--metrics: ${wrong}`);
  const { dataset } = await readDataset(file, parseFlags(values), progress.read);
  progress.stage('verifying');
  const verification = verifyRelease(dataset, release, audit);
  const metrics: Record<string, number> = {};
  if (verification.verified) {
    const options = { ...metricSettings(values), seed: values.integer('seed')! };
    const ids = named ?? metricsFor(release.kind, release.model).map((m) => m.id);
    progress.stage('measuring');
    for (const [i, id] of ids.entries()) {
      progress.fraction(i / ids.length, id);
      Object.assign(metrics, findMetric(id)!.compute(dataset, release, audit, options));
    }
  }
  // A DP release whose noise a seed redraws is marked, whatever its label (run/seededReplay.ts).
  let seeded: SeededCheck | undefined;
  if (verification.verified && release.model === 'differential-privacy') {
    progress.stage('replaying seeds');
    seeded = checkSeededNoise(dataset, release, replayMergedDiffPart);
  }
  return { ...seeded, ...verification, metrics };
}
