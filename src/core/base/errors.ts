/**
 * The error types every floor throws (DESIGN.md sec. 1, base/): an input the user must fix, and a
 * release that failed its verifier. Both are the user's to read, never a crash: the CLI turns an
 * InputError into exit code 2, the worker API into an `input` error shown beside the form.
 */

/** Bad parameters, a bad file or a model that cannot be met on this data: the user's to fix. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** Thrown when a method's release fails its verifier (DESIGN.md sec. 4): an error, never a result. */
export class VerificationError extends Error {
  constructor(
    readonly method: string,
    readonly problems: readonly string[],
  ) {
    super(`${method}: the release failed its verifier: ${problems.join('; ')}`);
    this.name = 'VerificationError';
  }
}
