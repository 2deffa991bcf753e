/**
 * The Teach tab: any method stepped through on the active dataset, a paper's worked example or the
 * user's own file of up to the teaching limit (stated here), with any parameters. The trace is
 * computed in a worker from the method's own run (useTrace.ts); the stepper draws one step at a
 * time. The page's address follows the method, the parameters and the step (teachLink.ts), so a
 * link reopens the same step. A worked example starts from the paper's settings, as in Anonymize.
 */
import { useCallback, useEffect, useMemo } from 'react';
import type { MethodInfo, ParamValue } from '../../core/methods/types.ts';
import { DEFAULT_SAMPLE, TEACHING_ROWS, type Trace } from '../../core/teach/trace.ts';
import { useRuns } from '../anonymize/runStore.ts';
import type { DatasetEntry } from '../load/datasetStore.ts';
import { SAMPLES } from '../load/samples.ts';
import { ParamForm } from '../widgets/ParamForm.tsx';
import { carriedValues, MethodSelect } from '../widgets/MethodSelect.tsx';
import { SensitiveField } from '../widgets/SensitiveField.tsx';
import { parseSensitiveChoice } from '../widgets/sensitiveChoice.ts';
import { CompareForm } from './CompareForm.tsx';
import { CompareStepper } from './CompareStepper.tsx';
import { HandoutButton } from './HandoutButton.tsx';
import { PresetBar } from './PresetBar.tsx';
import { SampleControl } from './SampleControl.tsx';
import { Stepper } from './Stepper.tsx';
import { parseTeachHash, teachHash } from './teachLink.ts';
import { MissingLinkData } from './MissingLinkData.tsx';
import { useTeach } from './teachStore.ts';
import { useTrace } from './useTrace.ts';

const keyOf = (dataset: DatasetEntry) => dataset.sampleId ?? dataset.name;

/** A trace's parameters (one-line values) and sensitive items, in a line. */
const paramsLine = (trace: Trace) =>
  `${Object.entries(trace.params)
    .filter(([, v]) => typeof v !== 'string' || (v !== '' && !v.includes('\n')))
    .map(([name, value]) => `${name} = ${value}`)
    .join(', ')}${trace.sensitive.length > 0 ? `; sensitive: ${trace.sensitive.join(', ')}` : ''}`;

/** The compared method's parameters: those set, else defaults; a p-degree p unset is the engine's. */
function comparedParams(method: MethodInfo, values: Record<string, ParamValue>): Record<string, ParamValue> {
  return Object.fromEntries(
    method.params
      .filter((p) => !(method.model === 'p-degree' && p.name === 'p' && values.p === undefined))
      .map((p) => [p.name, values[p.name] ?? p.default]),
  );
}

export function TeachPage({ dataset }: { dataset: DatasetEntry }) {
  const methods = useRuns((s) => s.methods);
  const loadCatalogues = useRuns((s) => s.loadCatalogues);
  useEffect(() => void loadCatalogues(), [loadCatalogues]);
  const teach = useTeach();
  const teachable = useMemo(() => methods.filter((m) => m.teachMaxRows !== undefined), [methods]);
  const example = SAMPLES.find((s) => s.id === dataset.sampleId)?.example;
  const key = keyOf(dataset);

  // A dataset met for the first time: a worked example brings the paper's settings; another file
  // keeps the method and parameters, but not another example's sensitive items (not items of this
  // file): they go back to the default band.
  // A link whose file is loaded now: its settings were made for this name and stand.
  useEffect(() => {
    if (teach.missing && teach.missing === dataset.name) teach.apply({ missing: null });
  }, [teach, dataset.name]);
  useEffect(() => {
    if (teach.settingsFor === key || teach.opening || teach.missing) return;
    const band = teach.sensitiveKind === 'items' && { sensitiveKind: 'band' as const, sensitiveText: '3' };
    if (example)
      teach.apply({
        settingsFor: key,
        methodId: example.method,
        values: Object.fromEntries(
          Object.entries(example.params).map(([name, value]) => [`${example.method}.${name}`, value]),
        ),
        ...(example.sensitive
          ? { sensitiveKind: 'items' as const, sensitiveText: example.sensitive.join(', ') }
          : band),
        step: 0,
      });
    else teach.apply({ settingsFor: key, step: 0, ...band });
  }, [key, example, teach]);

  const method: MethodInfo | undefined =
    teachable.find((m) => m.id === teach.methodId) ??
    teachable.find((m) => m.id === example?.method) ??
    teachable[0];
  const current = useCallback(
    (name: string): ParamValue =>
      teach.values[`${method?.id}.${name}`] ?? method?.params.find((p) => p.name === name)?.default ?? '',
    [teach.values, method],
  );
  const limit = method?.teachMaxRows ?? TEACHING_ROWS;
  // A sample of a large file (SampleControl.tsx): drawn in the worker with the trace's seed.
  // Not on a paper's worked example, which is the lesson as it stands.
  const sample =
    !example && teach.sampleRows > 0
      ? { rows: teach.sampleRows, items: teach.sampleItems || DEFAULT_SAMPLE.items }
      : undefined;
  const tooLarge = dataset.overview.stats.transactions > limit && !(sample && sample.rows <= limit);
  let sensitiveError: string | null = null;
  let sensitive;
  if (method?.needsSensitive) {
    try {
      sensitive = parseSensitiveChoice(teach.sensitiveKind, teach.sensitiveText);
    } catch (e) {
      sensitiveError = (e as Error).message;
    }
  }
  // A privacy degree nobody set is left to the engine: on a small example it starts from the
  // paper's p, or the largest the data admit (core/run/teachingDegree.ts), and the trace says which.
  const unsetP = method?.model === 'p-degree' && teach.values[`${method.id}.p`] === undefined;
  const params = method
    ? Object.fromEntries(
        method.params.filter((p) => !(unsetP && p.name === 'p')).map((p) => [p.name, current(p.name)]),
      )
    : {};
  const compared = teachable.find((m) => m.id === teach.compareId);
  const request =
    method && teach.settingsFor === key && !tooLarge && !sensitiveError
      ? {
          method: method.id,
          params,
          seed: teach.seed,
          sensitive,
          ...(sample && { sample }),
          ...(compared && { loss: true }),
        }
      : null;
  const traced = useTrace(request ? dataset.id : null, request);
  const trace = traced.status === 'ready' ? traced.trace : null;
  // The method stepped beside it: the same data, sample, seed and sensitive items, its own params.
  const compareParams = compared ? comparedParams(compared, teach.compareValues) : {};
  const compareRequest =
    compared && request
      ? {
          ...request,
          method: compared.id,
          params: compareParams,
          sensitive: compared.needsSensitive ? sensitive : undefined,
        }
      : null;
  const comparedTrace = useTrace(compareRequest ? dataset.id : null, compareRequest);
  const shownParams = method
    ? Object.fromEntries(
        method.params.map((p) => [
          p.name,
          p.name in params ? params[p.name] : (trace?.params.p ?? current('p')),
        ]),
      )
    : {};

  const hash = method
    ? teachHash({
        ...(dataset.sampleId ? { sample: dataset.sampleId } : { dataset: dataset.name }),
        method: method.id,
        params,
        ...(method.needsSensitive && {
          sensitiveKind: teach.sensitiveKind,
          sensitiveText: teach.sensitiveText,
        }),
        seed: teach.seed,
        step: trace && !compared ? Math.min(teach.step, trace.steps.length - 1) : teach.step,
        ...(compared && { compare: { method: compared.id, params: teach.compareValues } }),
        ...(sample && { sampleSize: sample }),
      })
    : '';
  // The address follows the step: a new history entry per step (Back and Forward step, App.tsx),
  // the same entry replaced when anything else changes. Never while a link is being opened.
  const settled = teach.settingsFor === key && !teach.opening && !teach.missing;
  useEffect(() => {
    if (!hash || !settled || location.hash === hash) return;
    const base = (h: string) => h.replace(/&step=\d+$/, '');
    if (parseTeachHash(location.hash) && base(location.hash) === base(hash))
      history.pushState(null, '', hash);
    else history.replaceState(null, '', hash);
  }, [hash, settled]);
  const setStep = teach.setStep;
  const onCursor = useCallback(
    (step: number) => trace && setStep(Math.min(trace.steps.length - 1, Math.max(0, step))),
    [trace, setStep],
  );
  const onTick = useCallback((tick: number) => setStep(Math.max(0, tick)), [setStep]);

  if (!method) return <p className="muted">Loading the methods…</p>;
  // Only values someone set carry over: a default stays a default (a p left to the engine too).
  const set = (name: string) => teach.values[`${method.id}.${name}`];
  const switchMethod = (id: string) =>
    teach.edit({
      methodId: id,
      values: {
        ...teach.values,
        ...Object.fromEntries(
          Object.entries(
            carriedValues(
              method,
              teachable.find((m) => m.id === id),
              current,
            ),
          ).filter(([name]) => set(name.slice(id.length + 1)) !== undefined),
        ),
      },
    });
  const caption = trace ? `${trace.label} — ${trace.citation}. ${dataset.name}, ${paramsLine(trace)}` : '';

  if (teach.missing) return <MissingLinkData />;
  return (
    <section className="panel teach" data-testid="teach-panel">
      <PresetBar seed={teach.seed} />
      <div className="teach-form">
        <MethodSelect methods={teachable} value={method.id} onChange={switchMethod} testId="teach-method" />
        <ParamForm
          params={method.params}
          values={shownParams}
          onChange={(name, value) =>
            teach.edit({ values: { ...teach.values, [`${method.id}.${name}`]: value } })
          }
        />
        {method.needsSensitive && (
          <div className="wide-field">
            <SensitiveField
              kind={teach.sensitiveKind}
              text={teach.sensitiveText}
              onChange={(kind, text) => teach.edit({ sensitiveKind: kind, sensitiveText: text })}
              testIdPrefix="teach-sensitive"
              randomLabel="m at random (seeded)"
            />
          </div>
        )}
        <CompareForm
          methods={teachable}
          value={teach.compareId}
          values={teach.compareValues}
          shownP={comparedTrace.status === 'ready' ? comparedTrace.trace.params.p : undefined}
          onChange={(id, values) => teach.edit({ compareId: id, compareValues: values })}
        />
        <label className="field">
          Seed
          <input
            type="number"
            data-testid="teach-seed"
            value={teach.seed}
            onChange={(e) => teach.edit({ seed: Number(e.target.value) })}
          />
        </label>
      </div>
      <p className="muted small" data-testid="teach-limit">
        Every step draws every row: the stepper takes datasets of up to {limit} transactions ({dataset.name}{' '}
        has {dataset.overview.stats.transactions.toLocaleString('en-US')}). Steps are recorded from{' '}
        {method.id}'s own run, in a worker; the last step is the release that run publishes. From{' '}
        {method.citation}.
      </p>
      {trace && request && (
        <p className="small">
          <HandoutButton
            datasetId={dataset.id}
            request={request}
            name={`${method.id}-${dataset.name.replace(/\.[^.]*$/, '')}-steps.html`}
          />
        </p>
      )}
      {!example && (
        <SampleControl
          rows={teach.sampleRows}
          items={teach.sampleItems}
          limit={limit}
          onChange={(rows, items) => teach.edit({ sampleRows: rows, sampleItems: items })}
        />
      )}
      {trace?.sample && (
        <p className="note small" role="note" data-testid="teach-sample-note">
          {trace.sample.why}
        </p>
      )}
      {trace?.degree && !tooLarge && (
        <p className="note small" role="note" data-testid="teach-degree">
          {trace.degree.why} Set p above to step through another.
        </p>
      )}
      {tooLarge ? (
        <p className="error" data-testid="teach-refused">
          {dataset.name} has {dataset.overview.stats.transactions.toLocaleString('en-US')} transactions, more
          than the {limit} the stepper draws. Take a sample of it (above), open a paper's worked example
          (Samples) or load a file of at most {limit} rows.
        </p>
      ) : sensitiveError ? (
        <p className="error">{sensitiveError}</p>
      ) : traced.status === 'error' ? (
        <p className="error" data-testid="teach-error">
          {traced.message}
        </p>
      ) : comparedTrace.status === 'error' ? (
        <p className="error" data-testid="teach-error">
          {compared?.label}: {comparedTrace.message}
        </p>
      ) : trace && compared && comparedTrace.status === 'ready' ? (
        <CompareStepper
          a={{ trace, caption: paramsLine(trace) }}
          b={{ trace: comparedTrace.trace, caption: paramsLine(comparedTrace.trace) }}
          cursor={teach.step}
          onCursor={onTick}
          link={`${location.origin}${location.pathname}${hash}`}
        />
      ) : trace && !compared ? (
        <Stepper
          key={traced.status === 'ready' ? traced.key : ''}
          trace={trace}
          cursor={teach.step}
          onCursor={onCursor}
          link={`${location.origin}${location.pathname}${hash}`}
          caption={caption}
        />
      ) : (
        <p className="muted">Recording the steps…</p>
      )}
    </section>
  );
}
