/**
 * Define and run an experiment on the active dataset: pick a preset (a paper's figure) or set the
 * methods, the swept parameter and its values, fixed values, sensitive items, seeds and metrics;
 * run it over the worker pool with done / total, time left and each running run's progress; Cancel
 * keeps the finished runs.
 */
import { useEffect, useMemo, useState } from 'react';
import { PRESETS } from '../../core/experiment/presets.ts';
import { expandSweep } from '../../core/experiment/sweep.ts';
import { DismissableError } from '../widgets/DismissableError.tsx';
import { SensitiveField } from '../widgets/SensitiveField.tsx';
import { pool } from '../engineClient.ts';
import { finishedRuns, useExperiments, type SweepProgress } from './experimentStore.ts';
import type { Experiment } from './experimentTypes.ts';
import { isFailedRun } from '../../core/experiment/results.ts';
import { formToSpec, specToForm, sweepableAxes, type SweepForm } from './specForm.ts';
import { metricsNotApplicable } from '../widgets/notApplicable.ts';
import { useRuns } from '../anonymize/runStore.ts';
import { hierarchyInForce, type DatasetEntry } from '../load/datasetStore.ts';
import { Field } from '../widgets/Field.tsx';

export function ExperimentPage({ dataset, onShowResults }: { dataset: DatasetEntry; onShowResults(): void }) {
  const { methods, metrics, loadCatalogues } = useRuns();
  const { start, cancel, progress, error, dismissError, form, preset, setForm, endedId, experiments } =
    useExperiments();
  const ended = progress
    ? undefined
    : experiments.find((e) => e.id === endedId && (e.status === 'done' || e.status === 'cancelled'));
  useEffect(() => void loadCatalogues(), [loadCatalogues]);

  const hierarchy = hierarchyInForce(dataset)?.text;
  const built = useMemo(() => {
    try {
      const { spec, leftOut } = formToSpec(form, dataset.name, methods, hierarchy);
      return { spec, leftOut, runs: expandSweep(spec).length, problem: null };
    } catch (e) {
      return { spec: null, leftOut: [], runs: 0, problem: (e as Error).message };
    }
  }, [form, dataset.name, methods, hierarchy]);

  const chosen = methods.filter((m) => form.methods.includes(m.id));
  // Metrics asked for that a chosen method cannot compute, said before the sweep runs.
  const notApplicable = metricsNotApplicable(
    metrics.filter((m) => form.metrics.includes(m.id)),
    chosen,
  );
  const axes = sweepableAxes(chosen.length > 0 ? chosen : methods);
  const change = (patch: Partial<SweepForm>) => setForm({ ...form, ...patch });
  const toggle = (list: string[], id: string) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

  const applyPreset = (id: string) => {
    const found = PRESETS.find((p) => p.id === id);
    const seeds = Array.from({ length: form.seeds }, (_, i) => i + 1);
    setForm(found ? specToForm(found.spec(dataset.name, seeds)) : form, id);
  };

  const run = async () => {
    if (!built.spec) return;
    await start(built.spec, dataset.id, dataset.name);
  };

  if (methods.length === 0) return <p className="muted">Loading the methods…</p>;
  return (
    <section className="panel experiment" data-testid="experiment-page">
      <div className="experiment-form">
        <label className="field wide">
          <span>Preset: a paper’s figure on {dataset.name}</span>
          <select data-testid="preset" value={preset} onChange={(e) => applyPreset(e.target.value)}>
            <option value="">(none: set it up below)</option>
            {PRESETS.map((p) => (
              <option key={p.id} value={p.id} title={p.figure}>
                {p.label}
              </option>
            ))}
          </select>
          {preset && <small className="muted">{PRESETS.find((p) => p.id === preset)?.figure}</small>}
        </label>
        <Field label="Name">
          <input
            data-testid="experiment-name"
            value={form.name}
            onChange={(e) => change({ name: e.target.value })}
          />
        </Field>
        <fieldset className="field wide">
          <legend>Methods</legend>
          <div className="checks">
            {methods.map((m) => (
              <label key={m.id} title={`${m.label} (${m.model})`}>
                <input
                  type="checkbox"
                  data-testid={`experiment-method-${m.id}`}
                  checked={form.methods.includes(m.id)}
                  onChange={() => change({ methods: toggle(form.methods, m.id) })}
                />
                {m.id} <small className="muted">{m.model}</small>
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="Sweep">
          <select
            data-testid="sweep-axis"
            value={form.axis}
            onChange={(e) => change({ axis: e.target.value })}
          >
            {[...new Set([form.axis, ...axes])].map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </Field>
        <Field label="over the values">
          <input
            data-testid="sweep-values"
            value={form.values}
            onChange={(e) => change({ values: e.target.value })}
          />
        </Field>
        <Field label="Also sweep (one line each)">
          <select
            data-testid="sweep-axis2"
            value={form.axis2}
            onChange={(e) => change({ axis2: e.target.value })}
          >
            <option value="">(nothing)</option>
            {[...new Set([form.axis2, ...axes])]
              .filter((a) => a !== '' && a !== form.axis)
              .map((a) => (
                <option key={a}>{a}</option>
              ))}
          </select>
        </Field>
        {form.axis2 && (
          <Field label="over the values">
            <input
              data-testid="sweep-values2"
              value={form.values2}
              onChange={(e) => change({ values2: e.target.value })}
            />
          </Field>
        )}
        <Field label="Fixed values (name=value, …)">
          <input
            data-testid="fixed-values"
            placeholder="alpha=1, m=2, q=1"
            value={form.fixed}
            onChange={(e) => change({ fixed: e.target.value })}
          />
        </Field>
        <SensitiveField
          kind={form.sensitiveKind}
          text={form.sensitive}
          onChange={(sensitiveKind, sensitive) => change({ sensitiveKind, sensitive })}
          testIdPrefix="experiment-sensitive"
          randomLabel="m at random (per seed)"
        />
        <Field label="Seeds">
          <input
            type="number"
            min={1}
            max={50}
            data-testid="experiment-seeds"
            value={form.seeds}
            onChange={(e) => change({ seeds: Number(e.target.value) })}
          />
        </Field>
        <fieldset className="field wide">
          <legend>Metrics (none: each method’s defaults)</legend>
          <div className="checks">
            {metrics.map((m) => (
              <label key={m.id} title={`${m.label} (${m.source}). ${m.description}`}>
                <input
                  type="checkbox"
                  data-testid={`experiment-metric-${m.id}`}
                  checked={form.metrics.includes(m.id)}
                  onChange={() => change({ metrics: toggle(form.metrics, m.id) })}
                />
                {m.id}
              </label>
            ))}
          </div>
          {notApplicable.length > 0 && (
            <p className="note small" data-testid="experiment-metric-na">
              {notApplicable.map(({ why, metrics: ids }) => (
                <span key={why}>
                  {ids.join(', ')}: n/a, {why}.{' '}
                </span>
              ))}
              Their cells read n/a.
            </p>
          )}
        </fieldset>
      </div>
      <div className="actions">
        <button
          type="button"
          className="primary"
          data-testid="run-experiment"
          disabled={!built.spec || progress !== null}
          onClick={() => void run()}
        >
          Run {built.runs} runs on {pool.size} worker{pool.size > 1 ? 's' : ''}
        </button>
        {progress && (
          <button type="button" data-testid="cancel-experiment" onClick={cancel}>
            Cancel
          </button>
        )}
        <button type="button" data-testid="show-results" onClick={onShowResults}>
          Results
        </button>
      </div>
      {built.problem && (
        <p className="error small" data-testid="experiment-problem">
          {built.problem}
        </p>
      )}
      {built.leftOut.length > 0 && <p className="muted small">Left out: {built.leftOut.join('; ')}.</p>}
      {progress && <SweepProgressView progress={progress} />}
      {ended && <SweepEnded experiment={ended} onShowResults={onShowResults} />}
      {error && <DismissableError message={error} testId="experiment-error" onDismiss={dismissError} />}
    </section>
  );
}

/** How the last sweep ended: finished or cancelled, runs kept and failed, time; a way to its charts. */
function SweepEnded({ experiment, onShowResults }: { experiment: Experiment; onShowResults(): void }) {
  const runs = finishedRuns(experiment);
  const failed = runs.filter(isFailedRun).length;
  const seconds = experiment.wallMs ? ` in ${(experiment.wallMs / 1000).toFixed(1)} s` : '';
  const outcome =
    experiment.status === 'cancelled'
      ? `cancelled: ${runs.length} of ${experiment.runs.length} runs had finished and are kept`
      : `finished: ${runs.length} runs${seconds}`;
  return (
    <div className={`sweep-ended ${experiment.status}`} role="status" data-testid="sweep-ended">
      <span>
        <b>{experiment.name}</b> {outcome}
        {failed > 0 ? `; ${failed} failed (their errors are in the results table)` : ''}.
      </span>
      <button type="button" className="link" onClick={onShowResults}>
        See the results
      </button>
    </div>
  );
}

function SweepProgressView({ progress }: { progress: SweepProgress }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 500);
    return () => clearInterval(timer);
  }, []);
  const elapsed = now - progress.startedAt;
  const left = progress.done > 0 ? (elapsed / progress.done) * (progress.total - progress.done) : null;
  return (
    <div className="sweep-progress" data-testid="sweep-progress">
      <progress max={progress.total} value={progress.done} />
      <span data-testid="sweep-done">
        {progress.done} / {progress.total} runs
      </span>
      <span className="muted">
        {(elapsed / 1000).toFixed(1)} s elapsed
        {left !== null ? `, about ${(left / 1000).toFixed(1)} s left` : ''}
      </span>
      <ul className="active-runs">
        {Object.entries(progress.active).map(([index, run]) => (
          <li key={index} data-testid="active-run">
            <progress max={1} value={run.fraction} /> {run.label}
            {run.phase ? <span className="muted"> ({run.phase})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
