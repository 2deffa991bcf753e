/**
 * The results of the saved experiments (and of results files from `cli sweep`): the four
 * comparison charts, each exportable as PNG and SVG, the comparison at one value (which series can
 * be told apart), over the sortable runs table, with the results as CSV and JSON. Metric and axis
 * pickers choose what the charts show; tooltips say what a value means and which paper defines it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { isFailedRun, type SweepRun } from '../../core/experiment/results.ts';
import {
  axisValue,
  compareAxisValues,
  seriesName,
  sweptAxes,
  valueNames,
} from '../../core/experiment/series.ts';
import { DismissableError } from '../widgets/DismissableError.tsx';
import { EChart } from '../widgets/EChart.tsx';
import { download, fileStem } from '../widgets/download.ts';
import { barAtOption, metricLineOption, runtimeOption, tradeOffOption } from './comparisonCharts.ts';
import { methodColour, seriesColours } from '../widgets/methodColours.ts';
import { finishedRuns, resultsFileOf, useExperiments } from './experimentStore.ts';
import type { Experiment } from './experimentTypes.ts';
import { resultsCsv } from './resultsCsv.ts';
import { ResultsTable } from './ResultsTable.tsx';
import { ComparisonTable } from './ComparisonTable.tsx';
import { compareAt } from '../../core/experiment/comparison.ts';
import { describeValue, valueDirection } from '../widgets/metricText.ts';
import { useRuns } from '../anonymize/runStore.ts';
import type { MethodInfo } from '../../core/methods/types.ts';
import { modelSplit } from './modelSplit.ts';
import { distinctLabels } from '../widgets/distinctLabels.ts';
import { Field } from '../widgets/Field.tsx';
import { GUARANTEES_CAPTION, guaranteeAxesOption, mixesGuarantees } from './guaranteeAxesOption.ts';

const PRIVACY_PARAMS = ['p', 'k', 'l'];

export function ResultsPage() {
  const { experiments, selectedId, select, remove, importResults, error, dismissError, hydrate } =
    useExperiments();
  const { metrics, methods, loadCatalogues } = useRuns();
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void loadCatalogues();
    void hydrate();
  }, [loadCatalogues, hydrate]);
  const experiment = experiments.find((e) => e.id === selectedId) ?? experiments[experiments.length - 1];
  // Two experiments of one name (a preset run twice) are numbered apart.
  const labels = distinctLabels(experiments.map((e) => `${e.name} (${e.datasetName})`)).map((label, i) =>
    label.replace(` (${experiments[i].datasetName})`, ''),
  );

  return (
    <section className="panel results" data-testid="results-page">
      <div className="results-bar">
        <Field label="Experiment">
          <select
            data-testid="experiment-select"
            value={experiment?.id ?? ''}
            onChange={(e) => select(e.target.value)}
          >
            {experiments.map((e, i) => (
              <option key={e.id} value={e.id}>
                {labels[i]} · {e.datasetName} · {finishedRuns(e).length}/{e.runs.length} runs · {e.status}
              </option>
            ))}
          </select>
        </Field>
        <button type="button" data-testid="open-results" onClick={() => fileInput.current?.click()}>
          Open results file…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="results-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void importResults(file);
            e.target.value = '';
          }}
        />
        {experiment && (
          <button type="button" data-testid="delete-experiment" onClick={() => remove(experiment.id)}>
            Delete
          </button>
        )}
      </div>
      {error && <DismissableError message={error} testId="results-error" onDismiss={dismissError} />}
      {experiment ? (
        <ExperimentResults
          key={experiment.id}
          experiment={experiment}
          metrics={metrics}
          catalogue={methods.map((m) => m.id)}
          methods={methods}
        />
      ) : (
        <p className="muted">No experiments yet: run one on the Experiment tab, or open a results file.</p>
      )}
    </section>
  );
}

function ExperimentResults({
  experiment,
  metrics,
  catalogue,
  methods,
}: {
  experiment: Experiment;
  metrics: ReturnType<typeof useRuns.getState>['metrics'];
  /** The method ids in catalogue order: each method's colour (widgets/methodColours.ts). */
  catalogue: readonly string[];
  /** The catalogue itself: each method's privacy model (modelSplit.ts). */
  methods: readonly MethodInfo[];
}) {
  const runs = useMemo(() => finishedRuns(experiment), [experiment]);
  const axes = useMemo(() => sweptAxes(runs), [runs]);
  const names = useMemo(
    () =>
      valueNames(runs).filter(
        (n) => !['count', 'se'].includes(valueDirection(metrics, n)) && !n.endsWith('_se'),
      ),
    [runs, metrics],
  );
  const [axisChoice, setAxis] = useState<string | null>(null);
  const [valueChoice, setValue] = useState<string | null>(null);
  const [atChoice, setAt] = useState<string | null>(null);
  const axis = axisChoice && axes.includes(axisChoice) ? axisChoice : (axes[0] ?? '');
  const valueName = valueChoice && names.includes(valueChoice) ? valueChoice : (names[0] ?? '');
  const xValues = useMemo(
    () =>
      [...new Map(runs.map((r) => [String(axisValue(r, axis)), axisValue(r, axis)])).values()]
        .filter((v) => v !== undefined)
        .sort(compareAxisValues),
    [runs, axis],
  );
  const at = xValues.find((v) => String(v) === atChoice) ?? xValues[Math.floor(xValues.length / 2)];
  const privacyAxis = PRIVACY_PARAMS.includes(axis)
    ? axis
    : (axes.find((a) => PRIVACY_PARAMS.includes(a)) ?? '');
  const describe = (name: string) => describeValue(metrics, name);
  const colour = useMemo(
    () =>
      seriesColours(
        catalogue,
        runs.map((r) => ({ name: seriesName(r, axis, axes), method: r.method })),
      ),
    [catalogue, runs, axis, axes],
  );
  const split = useMemo(() => modelSplit([...new Set(runs.map((r) => r.method))], methods), [runs, methods]);
  const failed = runs.filter(isFailedRun).length;
  const base = `${experiment.name}-${fileStem(experiment.datasetName)}`.replace(/[^\w.-]+/g, '_');
  const better = valueDirection(metrics, valueName) === 'higher' ? 'higher' : 'lower';
  const comparison = useMemo(
    // Runs of different privacy models are ranked and lettered only within their model.
    () =>
      valueName && at !== undefined
        ? compareAt(runs, axis, at, valueName, better, axes, split.mixed ? split.familyOf : undefined)
        : null,
    [runs, axis, at, valueName, better, axes, split],
  );

  const isDp = useMemo(() => {
    const dp = new Set(methods.filter((m) => m.model === 'differential-privacy').map((m) => m.id));
    return (method: string) => dp.has(method);
  }, [methods]);
  const mixed = useMemo(() => mixesGuarantees(runs, isDp), [runs, isDp]);
  const guarantees = useMemo(
    () =>
      mixed && valueName
        ? guaranteeAxesOption(
            runs,
            valueName,
            isDp,
            (m) => methodColour(catalogue, m),
            (n) => describeValue(metrics, n),
            better,
          )
        : null,
    [mixed, runs, valueName, isDp, catalogue, metrics, better],
  );
  const options = useMemo(() => {
    if (!axis) return null;
    return {
      metric: valueName ? metricLineOption(runs, axis, valueName, describe, colour, split) : null,
      runtime: runtimeOption(runs, axis, describe, colour, split),
      tradeOff:
        privacyAxis && valueName
          ? tradeOffOption(runs, privacyAxis, valueName, better, describe, colour, axes, split)
          : null,
      bar: comparison ? barAtOption(comparison, axis, String(at), valueName, describe, colour, split) : null,
    };
    // describe follows metrics, which the memo lists.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runs, axis, valueName, privacyAxis, at, colour, axes, better, metrics, comparison, split]);

  return (
    <>
      <p className="muted small" data-testid="results-summary">
        {finishedRuns(experiment).length} of {experiment.runs.length} runs finished
        {failed > 0
          ? ` (${failed} failed: see the table; a mean over fewer seeds than ran is drawn hollow or pale)`
          : ''}
        ; {experiment.status}
        {experiment.wallMs ? `, ${(experiment.wallMs / 1000).toFixed(1)} s wall clock` : ''}. Dataset{' '}
        {experiment.datasetName}.
      </p>
      <div className="results-bar">
        <Field label="x axis">
          <select data-testid="results-axis" value={axis} onChange={(e) => setAxis(e.target.value)}>
            {axes.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </Field>
        <Field label="value">
          <select
            data-testid="results-metric"
            value={valueName}
            title={describe(valueName)}
            onChange={(e) => setValue(e.target.value)}
          >
            {names.map((n) => (
              <option key={n} value={n} title={describe(n)}>
                {n}
              </option>
            ))}
          </select>
        </Field>
        <Field label={<>bar chart at {axis}</>}>
          <select data-testid="results-at" value={String(at)} onChange={(e) => setAt(e.target.value)}>
            {xValues.map((v) => (
              <option key={String(v)}>{String(v)}</option>
            ))}
          </select>
        </Field>
        <button
          type="button"
          data-testid="export-csv"
          onClick={() => download(`${base}.csv`, resultsCsv(runs), 'text/csv')}
        >
          Results CSV
        </button>
        <button
          type="button"
          data-testid="export-json"
          onClick={() =>
            download(`${base}.json`, JSON.stringify(resultsFileOf(experiment), null, 1), 'application/json')
          }
        >
          Results JSON
        </button>
      </div>
      {valueName && <p className="muted small metric-help">{describe(valueName)}</p>}
      {split.mixed && (
        <p className="note small" role="note" data-testid="results-models-caption">
          {split.caption}
        </p>
      )}
      {runs.some((r) => isDp(r.method)) && (
        <p className="small" data-testid="dp-sweep-note">
          The differentially private runs of a sweep draw their noise from their seeds, so that they repeat:
          for exploration only, not for publication (anyone with the seed can redraw the noise).
        </p>
      )}
      {guarantees && (
        <div className="guarantees-chart">
          <EChart
            option={guarantees}
            testId="chart-guarantees"
            height={400}
            exportName={`${base}-${valueName}-by-guarantee`}
          />
          <p className="small caption" data-testid="guarantees-caption">
            {GUARANTEES_CAPTION}
          </p>
        </div>
      )}
      {options ? (
        <div className="chart-grid">
          {options.metric && (
            <EChart
              option={options.metric}
              testId="chart-metric"
              height={320}
              exportName={`${base}-${valueName}`}
            />
          )}
          <EChart
            option={options.runtime}
            testId="chart-runtime"
            height={320}
            exportName={`${base}-runtime`}
          />
          {options.tradeOff ? (
            <EChart
              option={options.tradeOff}
              testId="chart-tradeoff"
              height={320}
              exportName={`${base}-privacy-utility`}
            />
          ) : (
            <p className="muted">No privacy parameter (p, k, l) varies: no privacy-utility scatter.</p>
          )}
          {options.bar && (
            <EChart
              option={options.bar}
              testId="chart-bar"
              height={320}
              exportName={`${base}-at-${axis}-${at}`}
            />
          )}
        </div>
      ) : (
        <p className="muted">No parameter varies among these runs: nothing to chart. The table lists them.</p>
      )}
      {comparison && comparison.series.length > 1 && (
        <ComparisonTable
          comparison={comparison}
          valueName={valueName}
          axis={axis}
          at={String(at)}
          modelName={split.mixed ? split.nameOf : undefined}
        />
      )}
      <ResultsTable runs={runs as SweepRun[]} metrics={metrics} />
    </>
  );
}
