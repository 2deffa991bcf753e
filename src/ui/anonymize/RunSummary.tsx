/**
 * What the release did, in plain words (summaryText.ts), and the run's warnings: settings that make
 * its numbers meaningless (DESIGN.md sec. 5 `warnings`), shown first.
 */
import type { RunRecord } from '../../core/run/runRecord.ts';
import { summaryLines } from './summaryText.ts';

export function RunSummary({ record }: { record: RunRecord }) {
  return (
    <>
      {record.warnings.length > 0 && (
        <div className="warnings" role="note" data-testid="run-warnings">
          <strong>Read these numbers with care</strong>
          <ul>
            {record.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <ul className="run-summary" data-testid="run-summary">
        {summaryLines(record).map((line) => (
          <li key={line.id} data-testid={`summary-${line.id}`}>
            {line.text}
          </li>
        ))}
      </ul>
    </>
  );
}
