/**
 * The privacy budget of the dataset, beside every differential-privacy form (issue 45): the ε it
 * has spent on DP releases (budgetStore.ts: by content hash, kept across reloads), the budget the
 * user sets, what the run on the form asks and where it would bring the total. The book downloads
 * as the CLI's `--budget-file` and a budget file loads into the page (the same format, the same
 * sums). The confirmation before a run past the budget is BudgetConfirm below.
 */
import { useEffect, useState } from 'react';
import { parseBudgetBook } from '../../core/dp/budgetBook.ts';
import { epsilonText } from '../../core/base/format.ts';
import { download } from '../widgets/download.ts';
import { bookOf, standingOf, useBudget } from './budgetStore.ts';

interface BudgetTarget {
  id: string;
  name: string;
  label: string;
}

/** The dataset's content hash once the worker has computed it. */
export function useDatasetHash(datasetId: string): string | undefined {
  const hash = useBudget((s) => s.hashes[datasetId]);
  const hashOf = useBudget((s) => s.hashOf);
  useEffect(() => void hashOf(datasetId).catch(() => undefined), [datasetId, hashOf]);
  return hash;
}

export function BudgetBar({ dataset, asked }: { dataset: BudgetTarget; asked: number }) {
  const hash = useDatasetHash(dataset.id);
  const budget = useBudget((s) => s.budget);
  const datasets = useBudget((s) => s.datasets);
  const setBudget = useBudget((s) => s.setBudget);
  const replaceBook = useBudget((s) => s.replaceBook);
  const [loadError, setLoadError] = useState<string | null>(null);
  const standing = hash ? standingOf({ budget, datasets }, hash, asked) : undefined;
  const releases = hash ? (datasets[hash]?.releases ?? []) : [];
  const load = async (file: File) => {
    try {
      replaceBook(parseBudgetBook(await file.text(), file.name));
      setLoadError(null);
    } catch (error) {
      setLoadError((error as Error).message);
    }
  };

  return (
    <fieldset className="field budget-bar" data-testid="dp-budget">
      <legend>Privacy budget of {dataset.label}</legend>
      {!standing ? (
        <span className="muted">Fingerprinting the dataset…</span>
      ) : (
        <>
          <span data-testid="budget-spent">
            Spent: ε {epsilonText(standing.spent)}
            {standing.budgetSet && ` of ${epsilonText(standing.budget)}`} in {standing.releases} DP release
            {standing.releases === 1 ? '' : 's'}
            {standing.budgetSet && standing.spent > standing.budget && (
              <b className="budget-over"> (already past the budget)</b>
            )}
          </span>
          {standing.budgetSet && (
            <meter
              min={0}
              max={standing.budget}
              high={standing.budget * 0.8}
              value={Math.min(standing.spent, standing.budget)}
              aria-label="ε spent of the budget"
            />
          )}
          <span data-testid="budget-after" className={standing.over ? 'budget-over' : undefined}>
            This run asks ε {Number.isFinite(asked) ? epsilonText(asked) : '?'}: the total would be ε{' '}
            {epsilonText(standing.after)}
            {standing.over && `, past the budget of ${epsilonText(standing.budget)}`}
          </span>
        </>
      )}
      <label title="Sequential composition: the ε of every DP release of one dataset adds up, whatever the method. Past this, the page asks before it runs (the CLI refuses: --budget-file).">
        Budget ε per dataset{' '}
        <input
          type="number"
          min={0}
          step="any"
          data-testid="budget-input"
          placeholder="none set"
          value={budget ?? ''}
          onChange={(e) => {
            const value = Number(e.target.value);
            setBudget(e.target.value === '' || !(value > 0) ? null : value);
          }}
        />
      </label>
      {releases.length > 0 && (
        <details data-testid="budget-releases">
          <summary>The releases that spent it</summary>
          <ol className="small">
            {releases.map((r) => (
              <li key={r.at + r.method}>
                {r.method}: ε {epsilonText(r.epsilon)}, {new Date(r.at).toLocaleString()}
              </li>
            ))}
          </ol>
        </details>
      )}
      <span className="budget-files">
        <button
          type="button"
          data-testid="budget-download"
          disabled={budget === null}
          title={budget === null ? 'Set a budget first: the CLI needs one' : undefined}
          onClick={() =>
            download(
              'txanon-budget.json',
              `${JSON.stringify(bookOf({ budget, datasets }), null, 1)}\n`,
              'application/json',
            )
          }
        >
          Download as --budget-file
        </button>
        <label className="budget-files">
          Load a budget file
          <input
            type="file"
            accept=".json,application/json"
            data-testid="budget-load"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void load(file);
              e.target.value = '';
            }}
          />
        </label>
      </span>
      {loadError && (
        <small className="budget-over" role="alert" data-testid="budget-load-error">
          {loadError}
        </small>
      )}
    </fieldset>
  );
}

/** Asks before a DP run that would take the dataset past its budget; runs it only on "Run anyway". */
export function BudgetConfirm({
  standing,
  onRun,
  onCancel,
}: {
  standing: { spent: number; after: number; budget: number };
  onRun(): void;
  onCancel(): void;
}) {
  return (
    <div className="budget-confirm" role="alertdialog" data-testid="budget-confirm">
      <div>
        <strong>This release would pass the dataset's privacy budget</strong>
        <div className="error-reason">
          The dataset has spent ε {epsilonText(standing.spent)} of {epsilonText(standing.budget)}; this run
          would bring it to ε {epsilonText(standing.after)}. Releases of one dataset add up (sequential
          composition): run it only if the data's owner agrees.
        </div>
      </div>
      <span className="budget-files">
        <button type="button" data-testid="budget-confirm-run" onClick={onRun}>
          Run anyway
        </button>
        <button type="button" className="primary" data-testid="budget-confirm-cancel" onClick={onCancel}>
          Do not run
        </button>
      </span>
    </div>
  );
}
