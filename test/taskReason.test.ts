/**
 * A failed task's reason (issue 42, cli/distribute/taskReason.ts): the CLI's own message, else the
 * thrown error's line, never Node's version trailer or a stack frame.
 */
import { describe, expect, it } from 'vitest';
import { failureReason } from '../src/cli/distribute/taskReason.ts';

const UNCAUGHT = `node:internal/modules/esm/resolve:283
    throw new ERR_MODULE_NOT_FOUND(
          ^

Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'tsx' imported from /scratch/x/
    at finalizeResolution (node:internal/modules/esm/resolve:283:11)
    at moduleResolve (node:internal/modules/esm/resolve:952:10) {
  code: 'ERR_MODULE_NOT_FOUND',
  url: 'file:///nowhere/tsx.mjs'
}

Node.js v20.20.2
`;

describe('failureReason', () => {
  it("names a missing module, not 'Node.js v20...'", () => {
    expect(failureReason(UNCAUGHT, 'exit code 1')).toBe(
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'tsx' imported from /scratch/x/",
    );
  });
  it("takes the CLI's own message, without its prefix, over anything else", () => {
    expect(failureReason('reading...\nerror: a.dat:3:1: not a number\n', 'x')).toBe(
      'a.dat:3:1: not a number',
    );
    expect(failureReason('internal error: RangeError: too big\n    at f (a.ts:1)\n', 'x')).toBe(
      'internal error: RangeError: too big',
    );
  });
  it('else the last line that is not noise; else the fallback', () => {
    expect(failureReason('disk on fire\n', 'exit code 1')).toBe('disk on fire');
    expect(failureReason('Node.js v20.20.2\n', 'exit code 1')).toBe('exit code 1');
    expect(failureReason('', 'ended by SIGKILL')).toBe('ended by SIGKILL');
  });
});
