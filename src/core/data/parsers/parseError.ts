/**
 * The one error type for malformed input: which file, line and column (1-based), and what was
 * expected. Its message reads `file:line:column: what`, the form editors and terminals link to.
 */
export class ParseError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.name = 'ParseError';
  }
}

/** A non-fatal finding (e.g. a repeated item kept once); summarised, never silently dropped. */
export interface ParseWarning {
  line: number;
  message: string;
}

/** Collects warnings, keeping the first `limit` in full and counting the rest. */
export class WarningLog {
  readonly kept: ParseWarning[] = [];
  total = 0;

  constructor(private readonly limit = 20) {}

  add(line: number, message: string): void {
    this.total++;
    if (this.kept.length < this.limit) this.kept.push({ line, message });
  }

  summary(): { total: number; first: ParseWarning[] } {
    return { total: this.total, first: this.kept };
  }
}

/** 1-based line and column of character `index` in `text`. */
export function lineColumnAt(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < index && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: index - lineStart + 1 };
}

/** A file that parsed but holds no transaction with an item: refused, since nothing can be anonymized. */
export function noTransactionError(file: string, found: string, line = 1): ParseError {
  return new ParseError(file, line, 1, `${found}: expected at least one transaction holding an item`);
}
