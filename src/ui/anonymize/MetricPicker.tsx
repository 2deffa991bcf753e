/**
 * Which metrics a run computes (those that apply to the method's release kind, defaults checked)
 * and their options: queries (KL and AvgRE are estimated from them; blank = each metric's default,
 * 200 and 1,000), r (QID items per KL query), q and the workload of AvgRE, the rules' thresholds.
 */
import type { MetricInfo } from '../../../workers/engineTypes.ts';
import { metricApplies } from '../../core/metrics/applies.ts';
import { AVGRE_WORKLOADS, type AvgreWorkload, type MetricSettings } from '../../core/metrics/types.ts';

export interface MetricChoice {
  ids: string[];
  minSupport: number;
  minConfidence: number;
  /** Sampled metrics' options; undefined = the metric's default. */
  queries?: number;
  r?: number;
  q?: number;
  workload?: AvgreWorkload;
}

/** The options a choice sets, for a run request. */
export function metricSettingsOf(choice: MetricChoice): MetricSettings | undefined {
  const rules = choice.ids.includes('rules');
  const sampled = choice.ids.includes('kl') || choice.ids.includes('avgre');
  const settings: MetricSettings = {
    ...(rules ? { minSupport: choice.minSupport, minConfidence: choice.minConfidence } : {}),
    ...(sampled && choice.queries ? { queries: choice.queries } : {}),
    ...(choice.ids.includes('kl') && choice.r ? { r: choice.r } : {}),
    ...(choice.ids.includes('avgre') && choice.q ? { q: choice.q } : {}),
    ...(choice.ids.includes('avgre') && choice.workload ? { workload: choice.workload } : {}),
  };
  return Object.keys(settings).length > 0 ? settings : undefined;
}

export function defaultMetricChoice(metrics: MetricInfo[], kind: string, model?: string): MetricChoice {
  return {
    ids: metrics
      .filter(
        (m) => m.defaultOn && metricApplies(m, kind, model) && (m.defaultKinds ?? m.kinds).includes(kind),
      )
      .map((m) => m.id),
    minSupport: 0.1,
    minConfidence: 0.5,
  };
}

/** The whole-number options of the sampled metrics, shown when one of their metrics is chosen. */
const COUNT_OPTIONS: {
  name: 'queries' | 'r' | 'q';
  metrics: string[];
  placeholder: string;
  title: string;
}[] = [
  {
    name: 'queries',
    metrics: ['kl', 'avgre'],
    placeholder: '200',
    title: 'queries each sampled metric averages (kl: 200, avgre: 1,000 when blank)',
  },
  {
    name: 'r',
    metrics: ['kl'],
    placeholder: '4',
    title: 'QID items per KL query (Ghinita Sec. 3.2; 2^r cells)',
  },
  { name: 'q', metrics: ['avgre'], placeholder: '2', title: 'items per AvgRE query' },
];

export function MetricPicker({
  metrics,
  kind,
  model,
  choice,
  onChange,
}: {
  metrics: MetricInfo[];
  kind: string;
  model?: string;
  choice: MetricChoice;
  onChange: (c: MetricChoice) => void;
}) {
  const applicable = metrics.filter((m) => metricApplies(m, kind, model));
  const toggle = (id: string, on: boolean) =>
    onChange({ ...choice, ids: on ? [...choice.ids, id] : choice.ids.filter((x) => x !== id) });
  return (
    <fieldset className="field metrics-picker" data-testid="metric-picker">
      <legend>Metrics</legend>
      {applicable.map((m) => (
        <label key={m.id} title={`${m.label} — ${m.source}. ${m.description}`} className="inline">
          <input
            type="checkbox"
            data-testid={`metric-${m.id}`}
            checked={choice.ids.includes(m.id)}
            onChange={(e) => toggle(m.id, e.target.checked)}
          />{' '}
          {m.id}
        </label>
      ))}
      {COUNT_OPTIONS.filter((o) => o.metrics.some((id) => choice.ids.includes(id))).map((o) => (
        <span key={o.name} className="inline" title={o.title}>
          {o.name}{' '}
          <CountInput
            testId={`metric-${o.name}`}
            placeholder={o.name === 'queries' && !choice.ids.includes('kl') ? '1000' : o.placeholder}
            value={choice[o.name]}
            onChange={(value) => onChange({ ...choice, [o.name]: value })}
          />
        </span>
      ))}
      {choice.ids.includes('avgre') && kind === 'generalized' && (
        <span className="inline">
          workload{' '}
          <select
            data-testid="metric-workload"
            title="rows: q items from one input row (every method answers the same queries); generalized: q items among the generalized ones (COAT Sec. 6.1)"
            value={choice.workload ?? 'rows'}
            onChange={(e) => onChange({ ...choice, workload: e.target.value as AvgreWorkload })}
          >
            {AVGRE_WORKLOADS.map((w) => (
              <option key={w}>{w}</option>
            ))}
          </select>
        </span>
      )}
      {choice.ids.includes('rules') && (
        <span className="inline">
          rules: min support{' '}
          <FractionInput
            value={choice.minSupport}
            onChange={(minSupport) => onChange({ ...choice, minSupport })}
          />{' '}
          min confidence{' '}
          <FractionInput
            value={choice.minConfidence}
            onChange={(minConfidence) => onChange({ ...choice, minConfidence })}
          />
        </span>
      )}
    </fieldset>
  );
}

function CountInput({
  value,
  placeholder,
  testId,
  onChange,
}: {
  value: number | undefined;
  placeholder: string;
  testId: string;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <input
      type="number"
      min={1}
      step={1}
      className="count-input"
      data-testid={testId}
      placeholder={placeholder}
      value={value ?? ''}
      onChange={(e) => {
        const v = Math.floor(Number(e.target.value));
        onChange(e.target.value === '' || !(v >= 1) ? undefined : v);
      }}
    />
  );
}

function FractionInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <input
      type="number"
      step={0.05}
      min={0.01}
      max={1}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
    />
  );
}
