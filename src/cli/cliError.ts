/** An error the CLI reports as one line on stderr with exit code 2 (bad input) or 1 (internal). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
