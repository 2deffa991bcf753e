/** Which metrics a run computes: those that apply to the method's release kind, defaults checked. */
import type { MetricInfo } from '../../../workers/engineTypes.ts';

export interface MetricChoice {
  ids: string[];
  minSupport: number;
  minConfidence: number;
}

export function defaultMetricChoice(metrics: MetricInfo[], kind: string): MetricChoice {
  return {
    ids: metrics.filter((m) => m.defaultOn && m.kinds.includes(kind)).map((m) => m.id),
    minSupport: 0.1,
    minConfidence: 0.5,
  };
}

export function MetricPicker({
  metrics,
  kind,
  choice,
  onChange,
}: {
  metrics: MetricInfo[];
  kind: string;
  choice: MetricChoice;
  onChange: (c: MetricChoice) => void;
}) {
  const applicable = metrics.filter((m) => m.kinds.includes(kind));
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
