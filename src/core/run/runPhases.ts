/**
 * The phases a run goes through (issue 16: "the whole wait shown"), in order: the method itself,
 * the verifier, the metrics and summary, then publishing (the viewer's summary, the example rows,
 * the JSON, the audit and the exported data). Progress is reported as (fraction within the phase,
 * phase, step): the step names what is under way (the method's own label, a metric's id, a file).
 */
export const RUN_PHASES = ['running', 'verifying', 'measuring', 'publishing'] as const;
export type RunPhase = (typeof RUN_PHASES)[number];

export type RunProgress = (fraction: number, phase?: string, step?: string) => void;
