/**
 * The method menu of the Anonymize form and the Teach tab, and what switching keeps: another
 * method of the same privacy model starts from the values of the parameters both have (p, alpha,
 * k), so comparing methods at one setting takes no retyping. Values are kept by `method.param`.
 */
import type { MethodInfo, ParamValue } from '../../core/methods/types.ts';

export function MethodSelect({
  methods,
  value,
  onChange,
  testId,
  label = 'Method',
  none,
}: {
  methods: readonly MethodInfo[];
  value: string;
  onChange: (id: string) => void;
  testId: string;
  label?: string;
  /** An option for no method (value ''), with this label. */
  none?: string;
}) {
  return (
    <label className="field">
      {label}
      <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
        {none !== undefined && <option value="">{none}</option>}
        {methods.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label} — {m.model}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The values `next` takes over from `method` on a switch (`current` reads the method's values). */
export function carriedValues(
  method: MethodInfo,
  next: MethodInfo | undefined,
  current: (name: string) => ParamValue,
): Record<string, ParamValue> {
  if (!next || next.model !== method.model) return {};
  const shared = next.params.filter((p) => method.params.some((q) => q.name === p.name));
  return Object.fromEntries(shared.map((p) => [`${next.id}.${p.name}`, current(p.name)]));
}
