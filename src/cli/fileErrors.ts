/**
 * A file system error in the user's words, with its code: `no space left on the device (ENOSPC)`.
 * Every CLI message about a file that cannot be read or written says the path and this reason.
 */
import { readFileSync } from 'node:fs';
import { CliError } from './cliError.ts';

/** A text file the command reads (a rules, release or constraints file), or a CliError naming it. */
export function readTextFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`${what === path ? path : `${what} ${path}`}: cannot read the file: ${reason(error)}`);
  }
}

/** A file system error in words: `no such file (ENOENT)`. */
export function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  const words: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EISDIR: 'is a directory',
    ENOTDIR: 'a part of the path is not a directory',
    ENOSPC: 'no space left on the device',
    EDQUOT: 'disk quota exceeded',
    EROFS: 'read-only file system',
    EIO: 'input/output error',
    EFBIG: 'file too large',
    ENAMETOOLONG: 'file name too long',
    ELOOP: 'too many symbolic links',
    EMFILE: 'too many open files',
    EXDEV: 'not on the same file system',
    EBUSY: 'device or resource busy',
  };
  if (code && words[code]) return `${words[code]} (${code})`;
  return code ? `${(error as Error).message}` : String((error as Error)?.message ?? error);
}
