/**
 * The paper presets as buttons (paperPresets.ts): one click opens the figure's sample, method,
 * parameters and step, as its link would.
 */
import { openTeachLink } from './openTeachLink.ts';
import { PAPER_PRESETS } from './paperPresets.ts';

export function PresetBar({ seed }: { seed: number }) {
  return (
    <p className="teach-presets small" data-testid="teach-presets">
      <span className="muted">The papers' figures:</span>
      {PAPER_PRESETS.map((preset) => (
        <button
          key={preset.id}
          type="button"
          data-testid={`teach-preset-${preset.id}`}
          title={preset.figures}
          onClick={() => void openTeachLink({ step: 0, ...preset.link, seed })}
        >
          {preset.label}
        </button>
      ))}
    </p>
  );
}
