/** The privacy budget ε of the `differential-privacy` methods (DESIGN.md sec. 3), declared once. */
export const EPSILON_PARAM = {
  name: 'epsilon',
  type: 'number',
  default: 1,
  min: 0.001,
  max: 100,
  help: 'privacy budget ε: adding or removing one transaction changes the probability of any output by at most a factor e^ε',
} as const;
