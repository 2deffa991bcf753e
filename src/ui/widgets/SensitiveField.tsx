/** The sensitive-items field of the Experiment and Check pages: how they are chosen, and m or the items. */
import { BAND_LABEL, type SensitiveKind } from './sensitiveChoice.ts';

export function SensitiveField({
  kind,
  text,
  onChange,
  testIdPrefix,
  randomLabel,
  legend = 'Sensitive items',
}: {
  kind: SensitiveKind;
  text: string;
  onChange(kind: SensitiveKind, text: string): void;
  testIdPrefix: string;
  /** How the random choice is seeded, in words. */
  randomLabel: string;
  /** What the field is for, when it is more than the sensitive items of p. */
  legend?: string;
}) {
  return (
    <label className="field">
      <span>{legend}</span>
      <span className="inline">
        <select
          data-testid={`${testIdPrefix}-kind`}
          value={kind}
          onChange={(e) => onChange(e.target.value as SensitiveKind, text)}
        >
          <option value="band">{BAND_LABEL}</option>
          <option value="top">the m most frequent</option>
          <option value="random">{randomLabel}</option>
          <option value="items">these items</option>
        </select>
        <input data-testid={testIdPrefix} value={text} onChange={(e) => onChange(kind, e.target.value)} />
      </span>
    </label>
  );
}
