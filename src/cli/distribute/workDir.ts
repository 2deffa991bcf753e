/**
 * `distribute --work-dir DIR` made ready before any work (issue 43, F5): the directory and every
 * missing parent created one level at a time (Node's recursive mkdir spins forever under /proc),
 * a path part that is a file named as such, and a file created and removed inside to know that
 * the tasks can write there. Every failure is a CliError naming the path and the reason in words
 * (fileErrors.ts): `a file, not a directory`, `read-only file system (EROFS)`, and under a pseudo
 * file system such as /proc, that no directory can be made there.
 */
import { closeSync, mkdirSync, openSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CliError } from '../cliError.ts';
import { reason } from '../fileErrors.ts';

/** Makes `given` (and its missing parents) a directory a run can write in; its absolute path. */
export function readyWorkDir(given: string): string {
  const dir = resolve(given);
  const missing: string[] = [];
  let at = dir;
  for (;;) {
    let stat;
    try {
      stat = statSync(at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code === 'ENOENT' || code === 'ENOTDIR') && dirname(at) !== at) {
        missing.unshift(at);
        at = dirname(at);
        continue;
      }
      throw new CliError(`--work-dir ${given}: ${at} cannot be reached (${reason(error)})`);
    }
    if (!stat.isDirectory())
      throw new CliError(`--work-dir ${given}: ${at} is a file, not a directory; name a directory`);
    break;
  }
  for (const part of missing) {
    try {
      mkdirSync(part);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT'
          ? `${dirname(part)} takes no new directories (a pseudo file system such as /proc?) (ENOENT)`
          : reason(error);
      throw new CliError(`--work-dir ${given}: cannot create ${part}: ${why}`);
    }
  }
  const probe = join(dir, `.txanon-probe-${process.pid}`);
  try {
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
  } catch (error) {
    throw new CliError(`--work-dir ${given}: no file can be created in ${dir} (${reason(error)})`);
  }
  return dir;
}
