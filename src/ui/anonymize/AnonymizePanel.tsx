/**
 * Choose a method and its parameters, run it on the active dataset in a worker, cancel it. The
 * form's settings live in formStore.ts, so they stay across tabs and reloads. Opening a paper's
 * worked example (samples.ts) starts the form from that paper's settings for it. A method that
 * generalizes over a hierarchy uses the one in force for the dataset (loaded or built on Overview,
 * unless switched off): its form shows it instead of the file field (HierarchyParamTool.tsx).
 */
import { Suspense, useEffect, useMemo, useState } from 'react';
import type { ParamValue } from '../../core/methods/types.ts';
import type { SensitiveChoice } from '../../core/data/sensitive.ts';
import { hierarchyInForce, type DatasetEntry } from '../load/datasetStore.ts';
import { seedKey, seedOf, useAnonymizeForm, type FormSettings } from './formStore.ts';
import { useShallow } from 'zustand/react/shallow';
import { useRuns } from './runStore.ts';
import { ParamForm } from '../widgets/ParamForm.tsx';
import { carriedValues, MethodSelect } from '../widgets/MethodSelect.tsx';
import { defaultMetricChoice, MetricPicker, metricSettingsOf } from './MetricPicker.tsx';
import { methodViews } from '../methods/registry.ts';
import type { FormRequest } from '../methods/types.ts';
import { SAMPLES } from '../load/samples.ts';
import { BAND_HELP, BAND_LABEL } from '../widgets/sensitiveChoice.ts';
import { RunProgress } from './RunProgress.tsx';
import { teachHash } from '../teach/teachLink.ts';
import { BudgetBar, BudgetConfirm } from './BudgetBar.tsx';
import { standingOf, useBudget } from './budgetStore.ts';

export function AnonymizePanel({ dataset }: { dataset: DatasetEntry }) {
  // Selected fields only: the progress of a run re-renders RunProgress, not the whole form.
  const { methods, metrics, loadCatalogues, run, error, dismissError } = useRuns(
    useShallow((s) => ({
      methods: s.methods,
      metrics: s.metrics,
      loadCatalogues: s.loadCatalogues,
      run: s.run,
      error: s.error,
      dismissError: s.dismissError,
    })),
  );
  const busy = useRuns((s) => s.running !== null);
  const form = useAnonymizeForm();
  const { methodId, values, memoryMb, sensitiveMode, sensitiveCount, sensitiveItems, metricChoices } = form;
  // The seed of this dataset and method (formStore.ts): another method or file starts from 1.
  const seed = seedOf(form, dataset.sourceKey, methodId);
  const setValues = form.setValues;
  const inForce = hierarchyInForce(dataset);
  // Seeded DP noise is chosen run by run, never kept with the form: unchecked after a reload.
  const [seededNoise, setSeededNoise] = useState(false);
  // A DP run that would pass the dataset's budget waits here for "Run anyway" (BudgetBar.tsx).
  const [pastBudget, setPastBudget] = useState<{ spent: number; after: number; budget: number } | null>(null);

  useEffect(() => void loadCatalogues(), [loadCatalogues]);
  // A paper's worked example starts the form from the paper's settings, once each time it is
  // opened (another dataset shown in between), not on every return to the tab.
  const example = SAMPLES.find((s) => s.id === dataset.sampleId)?.example;
  const { exampleFor, exampleSensitive, change } = form;
  useEffect(() => {
    if (exampleFor === dataset.sourceKey) return;
    const settings: Partial<FormSettings> = {
      exampleFor: dataset.sourceKey,
      exampleSensitive: example?.sensitive ? example.sensitive.join(', ') : null,
    };
    // Another dataset keeps the method and its parameters, but not the items an example named
    // while the form still holds them: "Viagra" is no item of the user's own file.
    if (!example?.sensitive && sensitiveMode === 'items' && sensitiveItems === exampleSensitive) {
      settings.sensitiveMode = 'band';
      settings.sensitiveItems = '';
    }
    if (example) {
      settings.methodId = example.method;
      settings.values = {
        ...values,
        ...Object.fromEntries(
          Object.entries(example.params).map(([name, value]) => [`${example.method}.${name}`, value]),
        ),
      };
      if (example.sensitive) {
        settings.sensitiveMode = 'items';
        settings.sensitiveItems = example.sensitive.join(', ');
      }
    }
    change(settings);
  }, [
    dataset.sourceKey,
    example,
    exampleFor,
    exampleSensitive,
    sensitiveMode,
    sensitiveItems,
    values,
    change,
  ]);
  const method = useMemo(() => methods.find((m) => m.id === methodId) ?? methods[0], [methods, methodId]);
  if (!method) return <p className="muted">Loading the methods…</p>;

  const sensitive = (): SensitiveChoice | undefined => {
    if (!method.needsSensitive) return undefined;
    if (sensitiveMode === 'items')
      return {
        items: sensitiveItems
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      };
    // Not parseSensitiveChoice: the form is read while rendering, and a bad m is the run's error.
    if (sensitiveMode === 'band') return { band: sensitiveCount };
    return sensitiveMode === 'top' ? { top: sensitiveCount } : { random: sensitiveCount };
  };

  const metricChoice = () =>
    metricChoices[method.id] ?? defaultMetricChoice(metrics, method.releaseKind, method.model);
  const takesHierarchy = method.params.some((p) => p.name === 'hierarchy');
  // The dataset's hierarchy in force is the method's hierarchy; f and order only build one.
  const hiddenParams = new Set(takesHierarchy && inForce ? ['hierarchy', 'f', 'order'] : []);
  const current = (name: string) =>
    name === 'hierarchy' && inForce
      ? inForce.text
      : (values[`${method.id}.${name}`] ?? method.params.find((p) => p.name === name)?.default ?? '');
  const switchMethod = (id: string) => {
    // The hierarchy in force is the dataset's, not a value to carry to another method.
    const carried = carriedValues(
      method,
      methods.find((m) => m.id === id),
      (name) => (name === 'hierarchy' && inForce ? (values[`${method.id}.${name}`] ?? '') : current(name)),
    );
    setValues((v) => ({ ...v, ...carried }));
    change({ methodId: id });
  };
  const formRequest: FormRequest = {
    method: method.id,
    params: Object.fromEntries(method.params.map((p) => [p.name, current(p.name)])),
    seed,
    sensitive: sensitive(),
  };
  const setParams = (given: Record<string, ParamValue>) =>
    setValues((v) => ({
      ...v,
      ...Object.fromEntries(Object.entries(given).map(([name, value]) => [`${method.id}.${name}`, value])),
    }));
  const { FormTools } = methodViews(method.id);
  const isDp = method.model === 'differential-privacy';
  const asked = Number(formRequest.params.epsilon);
  const launch = () => {
    setPastBudget(null);
    const choice = metricChoice();
    void run(dataset, {
      ...formRequest,
      ...(isDp && { seededNoise }),
      metrics: choice.ids,
      metricOptions: metricSettingsOf(choice),
      memoryMb,
    });
  };
  // Before a DP run: the dataset's book (by content hash) says whether it would pass the budget.
  const start = async () => {
    if (!isDp) return launch();
    const budget = useBudget.getState();
    if (budget.budget === null) return launch();
    const hash = await budget.hashOf(dataset.id);
    const standing = standingOf(useBudget.getState(), hash, asked);
    if (standing.over) setPastBudget(standing);
    else launch();
  };

  return (
    <section className="panel anonymize" data-testid="anonymize-panel">
      <div className="anonymize-form">
        <MethodSelect methods={methods} value={method.id} onChange={switchMethod} testId="method-select" />
        <ParamForm
          params={method.params.filter((p) => !hiddenParams.has(p.name))}
          values={Object.fromEntries(method.params.map((p) => [p.name, current(p.name)]))}
          onChange={(name, value) => setValues((v) => ({ ...v, [`${method.id}.${name}`]: value }))}
        />
        {method.needsSensitive && (
          <fieldset className="field">
            <legend>Sensitive items</legend>
            <select
              data-testid="sensitive-mode"
              value={sensitiveMode}
              onChange={(e) => change({ sensitiveMode: e.target.value as typeof sensitiveMode })}
            >
              <option value="band">{BAND_LABEL}</option>
              <option value="top">the m most frequent</option>
              <option value="random">m at random (seeded)</option>
              <option value="items">these items</option>
            </select>
            {sensitiveMode === 'band' && <small>{BAND_HELP}</small>}
            {sensitiveMode === 'items' ? (
              <input
                data-testid="sensitive-items"
                placeholder="token, token, …"
                value={sensitiveItems}
                onChange={(e) => change({ sensitiveItems: e.target.value })}
              />
            ) : (
              <input
                type="number"
                min={0}
                value={sensitiveCount}
                onChange={(e) => change({ sensitiveCount: Number(e.target.value) })}
              />
            )}
          </fieldset>
        )}
        <MetricPicker
          metrics={metrics}
          kind={method.releaseKind}
          model={method.model}
          choice={metricChoice()}
          onChange={(c) => change({ metricChoices: { ...metricChoices, [method.id]: c } })}
        />
        <label className="field">
          Seed
          <input
            type="number"
            data-testid="seed"
            value={seed}
            onChange={(e) =>
              change({
                seeds: { ...form.seeds, [seedKey(dataset.sourceKey, methodId)]: Number(e.target.value) },
              })
            }
          />
        </label>
        {method.model === 'differential-privacy' && (
          <label
            className="field inline-check"
            title="Unchecked, the noise comes from the system's cryptographic randomness. Checked, it comes from the seed: anyone with the seed can redraw the noise and remove it."
          >
            <input
              type="checkbox"
              data-testid="seeded-noise"
              checked={seededNoise}
              onChange={(e) => setSeededNoise(e.target.checked)}
            />
            <span>
              Noise from the seed: reproducible, for exploration only, <b>not for publication</b>
            </span>
          </label>
        )}
        <label
          className="field"
          title="What the method's large structures (pair counts, constraints, distance matrices) may take together; a run that needs more stops before it starts and says what would fit (the command line's --memory-mb)"
        >
          Memory budget (MiB)
          <input
            type="number"
            min={1}
            data-testid="memory-mb"
            value={memoryMb}
            onChange={(e) => change({ memoryMb: Math.max(1, Math.round(Number(e.target.value)) || 1) })}
          />
        </label>
        {isDp && <BudgetBar dataset={dataset} asked={asked} />}
        <div className="actions">
          <button
            type="button"
            className="primary"
            data-testid="run-method"
            disabled={busy}
            onClick={() => void start()}
          >
            Run {method.id} on {dataset.label}
          </button>
          <RunProgress />
          {method.teachMaxRows !== undefined &&
            dataset.overview.stats.transactions <= method.teachMaxRows && (
              <a
                data-testid="teach-link"
                href={teachHash({
                  ...(dataset.sampleId ? { sample: dataset.sampleId } : { dataset: dataset.name }),
                  method: method.id,
                  // A p left at its default is left to the stepper, which fits it to a small example.
                  params: Object.fromEntries(
                    Object.entries(formRequest.params).filter(
                      ([name]) =>
                        !(
                          method.model === 'p-degree' &&
                          name === 'p' &&
                          values[`${method.id}.p`] === undefined
                        ),
                    ),
                  ) as Record<string, ParamValue>,
                  ...(method.needsSensitive && {
                    sensitiveKind: sensitiveMode,
                    sensitiveText: sensitiveMode === 'items' ? sensitiveItems : String(sensitiveCount),
                  }),
                  seed,
                  step: 0,
                })}
              >
                Step through it
              </a>
            )}
        </div>
        <p className="muted small">
          <span data-testid="method-paper">From {method.citation}.</span> Every release is checked by its
          model's verifier before it is shown.
          {example && (
            <span data-testid="example-settings">
              {' '}
              The form started from the paper's settings for this example ({example.method},{' '}
              {Object.entries(example.params)
                .map(([name, value]) => `${name} = ${String(value).replace(/\n/g, ' | ')}`)
                .join(', ')}
              {example.sensitive ? `, sensitive: ${example.sensitive.join(', ')}` : ''}).
            </span>
          )}
        </p>
      </div>
      {pastBudget && (
        <BudgetConfirm standing={pastBudget} onRun={launch} onCancel={() => setPastBudget(null)} />
      )}
      {error && (
        <div className="error" role="alert" data-testid="run-error">
          <div>
            <strong>The run did not produce a release</strong>
            <div className="error-reason">{error.message}</div>
          </div>
          <button type="button" onClick={dismissError} aria-label="dismiss">
            ×
          </button>
        </div>
      )}
      {FormTools && (
        <Suspense fallback={null}>
          <FormTools datasetId={dataset.id} request={formRequest} setParams={setParams} />
        </Suspense>
      )}
    </section>
  );
}
