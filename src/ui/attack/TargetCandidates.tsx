/**
 * One target attacked (core/attack/explainTarget.ts): the items the attacker knows, and the
 * candidates it is left with in the input and in the release, the target's own row highlighted.
 */
import { Fragment } from 'react';
import type { CandidateUnit, ExplainedTarget } from '../../core/attack/explainTarget.ts';
import { oneIn } from './attackText.ts';

function Candidates({
  title,
  persons,
  candidates,
  own,
  known,
  testId,
}: {
  title: string;
  persons: number;
  candidates: CandidateUnit[];
  own: number;
  known: ReadonlySet<string>;
  testId: string;
}) {
  return (
    <div className="attack-candidates" data-testid={testId}>
      <h5>
        {title}: {persons.toLocaleString('en')} candidate{persons === 1 ? '' : 's'}
        {candidates.length < persons ? ` (first ${candidates.length} shown)` : ''}
      </h5>
      <ol className="attack-rows">
        {candidates.map((c) => (
          <li key={c.index} className={c.index === own ? 'attack-own' : undefined} value={c.index + 1}>
            {c.tokens.map((t, i) => (
              <Fragment key={i}>
                {i > 0 && ', '}
                <span className={known.has(t) ? 'attack-known' : undefined}>{t}</span>
              </Fragment>
            ))}
            {c.index === own && <em> the target</em>}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function TargetCandidates({ target, published }: { target: ExplainedTarget; published: boolean }) {
  const known = new Set(target.known);
  return (
    <div className="attack-target" data-testid="attack-target">
      <p>
        Row {target.row + 1}: the attacker knows <strong>{target.known.join(', ') || 'nothing'}</strong>. In
        the input it is left with {target.before.persons} row{target.before.persons === 1 ? '' : 's'} (picks
        the right one {oneIn(target.before.chance)})
        {target.after
          ? `; in the release with ${target.after.persons} (${target.after.found ? `picks the target ${oneIn(target.after.chance)}` : 'the target is not among them'}).`
          : published
            ? '; this release has no rows to match (the membership game above is its attack).'
            : '.'}
      </p>
      <div className="attack-sides">
        <Candidates
          title="In the input"
          persons={target.before.persons}
          candidates={target.before.candidates}
          own={target.row}
          known={known}
          testId="attack-candidates-before"
        />
        {target.after && (
          <Candidates
            title="In the release"
            persons={target.after.persons}
            candidates={target.after.candidates}
            own={target.after.unit}
            known={known}
            testId="attack-candidates-after"
          />
        )}
      </div>
    </div>
  );
}
