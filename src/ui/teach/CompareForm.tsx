/**
 * The Teach form's "side by side with" choice (issue 40): another method, or the same one with
 * other settings, stepped beside the first on the same data (CompareStepper.tsx). Its parameters
 * are its own (a p-degree method's p left unset is chosen by the engine, as for the first).
 */
import type { MethodInfo, ParamValue } from '../../core/methods/types.ts';
import { MethodSelect } from '../widgets/MethodSelect.tsx';
import { ParamForm } from '../widgets/ParamForm.tsx';

export function CompareForm({
  methods,
  value,
  values,
  onChange,
  shownP,
}: {
  methods: readonly MethodInfo[];
  value: string;
  values: Record<string, ParamValue>;
  onChange: (id: string, values: Record<string, ParamValue>) => void;
  /** The p the compared trace ran with, shown when none was set. */
  shownP?: number | string | boolean;
}) {
  const method = methods.find((m) => m.id === value);
  return (
    <div className="wide-field compare-form">
      <MethodSelect
        methods={methods}
        value={value}
        onChange={(id) => onChange(id, {})}
        testId="teach-compare"
        label="Side by side with"
        none="— nothing (one method) —"
      />
      {method && (
        <ParamForm
          params={method.params}
          values={Object.fromEntries(
            method.params.map((p) => [
              p.name,
              values[p.name] ?? (p.name === 'p' && shownP !== undefined ? shownP : p.default),
            ]),
          )}
          onChange={(name, v) => onChange(method.id, { ...values, [name]: v })}
        />
      )}
    </div>
  );
}
