/**
 * The engine's attack job (DESIGN.md sec. 8): the attacks of core/attack on a dataset this worker
 * holds, alone (the Check tab: the input as it stands) or with a run's release and audit (the
 * Anonymize tab), and one target explained for drawing. The membership game runs the release's
 * mechanism 2 x runs times, so the page plays it only on small inputs (the CLI on any).
 */
import { attackInput } from '../src/core/attack/attackRelease.ts';
import { explainTarget, knownOfRow, type ExplainedTarget } from '../src/core/attack/explainTarget.ts';
import type { AttackReport, Knowledge, KnownChoice } from '../src/core/attack/types.ts';
import type { Dataset } from '../src/core/data/dataset.ts';
import { attackWithMechanism } from '../src/core/run/attackRun.ts';
import { readRelease } from '../src/core/run/readRelease.ts';

/** Rows up to which the page plays the membership game (2 x PAGE_MEMBERSHIP_RUNS runs of the method). */
export const PAGE_MEMBERSHIP_ROWS = 2000;
export const PAGE_MEMBERSHIP_RUNS = 40;

export interface AttackRequest extends Knowledge {
  /** A run's release and audit (absent: the input alone). */
  release?: Blob;
  audit?: Blob;
  /** One target to explain: its input row and how many items the attacker knows of it. */
  target?: { row: number; known: number };
}

export interface AttackAnswer {
  report: AttackReport;
  target?: ExplainedTarget;
  /** Why an attack was left out (the membership game on a large input). */
  note?: string;
  /** The input's rows (to bound the target's row in the form). */
  rows: number;
}

export interface AttackJobs {
  attack(id: string, request: AttackRequest): Promise<AttackAnswer>;
}

export function attackJobs(get: (id: string) => Dataset): AttackJobs {
  return {
    async attack(id, request) {
      const dataset = get(id);
      const knowledge: Knowledge = {
        known: request.known,
        choose: request.choose as KnownChoice,
        targets: request.targets,
        seed: request.seed,
      };
      const published =
        request.release && request.audit
          ? readRelease(
              { text: await request.release.text(), file: 'release.json' },
              { text: await request.audit.text(), file: 'audit.json' },
            )
          : undefined;
      let note: string | undefined;
      let report: AttackReport;
      if (!published) report = attackInput(dataset, knowledge);
      else if (published.release.model === 'differential-privacy' && dataset.n > PAGE_MEMBERSHIP_ROWS) {
        report = { kind: published.release.kind, attacks: [] };
        note = `The membership game runs the method ${2 * PAGE_MEMBERSHIP_RUNS} times: the page plays it on inputs of at most ${PAGE_MEMBERSHIP_ROWS.toLocaleString('en')} rows. Run txanon attack on this release.`;
      } else
        report = attackWithMechanism(dataset, published.release, published.audit, knowledge, {
          runs: PAGE_MEMBERSHIP_RUNS,
        });
      const target = request.target;
      const explained =
        target && target.row >= 0 && target.row < dataset.n
          ? explainTarget(
              dataset,
              target.row,
              knownOfRow(
                dataset,
                target.row,
                target.known,
                knowledge.choose,
                knowledge.seed,
                published?.release,
              ),
              published,
            )
          : undefined;
      return { report, rows: dataset.n, ...(explained && { target: explained }), ...(note && { note }) };
    },
  };
}
