/** A method's parameters as form fields, generated from its ParamSpecs (DESIGN.md sec. 3). */
import type { ParamSpec, ParamValue } from '../../core/methods/types.ts';

export function ParamForm({
  params,
  values,
  onChange,
}: {
  params: readonly ParamSpec[];
  values: Record<string, ParamValue>;
  onChange: (name: string, value: ParamValue) => void;
}) {
  return (
    <div className="param-form">
      {params.map((p) => (
        <label key={p.name} className="field" title={p.help}>
          <span>
            {p.name} <small className="muted">{p.help}</small>
          </span>
          {p.choices ? (
            <select
              data-testid={`param-${p.name}`}
              value={String(values[p.name] ?? p.default)}
              onChange={(e) => onChange(p.name, e.target.value)}
            >
              {p.choices.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          ) : p.type === 'text' ? (
            <>
              <textarea
                data-testid={`param-${p.name}`}
                rows={3}
                placeholder={p.placeholder ?? '[["a","b"],["c"]] or one itemset a line'}
                value={String(values[p.name] ?? '')}
                onChange={(e) => onChange(p.name, e.target.value)}
              />
              <input
                type="file"
                accept=".json,.csv,.txt"
                data-testid={`param-${p.name}-file`}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void file.text().then((text) => onChange(p.name, text));
                  e.target.value = '';
                }}
              />
            </>
          ) : p.type === 'boolean' ? (
            <input
              type="checkbox"
              data-testid={`param-${p.name}`}
              checked={Boolean(values[p.name] ?? p.default)}
              onChange={(e) => onChange(p.name, e.target.checked)}
            />
          ) : (
            <input
              data-testid={`param-${p.name}`}
              type={p.type === 'string' ? 'text' : 'number'}
              min={p.min}
              max={p.max}
              step={p.type === 'int' ? 1 : 'any'}
              value={String(values[p.name] ?? p.default ?? '')}
              onChange={(e) =>
                onChange(p.name, p.type === 'string' ? e.target.value : Number(e.target.value))
              }
            />
          )}
        </label>
      ))}
    </div>
  );
}
