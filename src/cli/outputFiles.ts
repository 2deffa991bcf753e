/**
 * The files a command writes (DESIGN.md sec. 6), checked before any work and written whole or not
 * at all:
 * - by file identity, not by name: a target that is the input through a symbolic or a hard link
 *   (same device and inode), or that is another target, is refused; a target that does not exist
 *   yet is compared by its directory's real path and its name;
 * - a target must be (or become) a regular file in an existing directory where a file can be
 *   created: a directory, `/dev/full` (a device), `/proc/x` are refused before any work, naming
 *   the path and the reason (a file is created and removed there to know);
 * - every file is written to a temporary name beside its target (a link is followed: the file it
 *   points to is replaced, the link stays) and renamed into place only when every file of the run
 *   is written, so a failed or interrupted run leaves no half file and never a changed input;
 *   a full disk or any I/O error while writing is exit 2 naming the path and the reason, with
 *   nothing written; SIGINT, SIGTERM or SIGHUP at any point leave the old files as they were and
 *   no temporary behind, and end the process by the signal (OutputFiles, below).
 */
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  createWriteStream,
  lstatSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  type Stats,
  type WriteStream,
} from 'node:fs';
import { constants as osConstants } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { CliError } from './cliError.ts';
import { reason } from './fileErrors.ts';
import type { ByteSink } from '../core/release/export/textWriter.ts';
import { writeFile, writeTextFile } from './writePieces.ts';

/** A file a command writes: `what` names it in messages (`--out`, `--export's -sensitive table`). */
export interface OutputTarget {
  readonly what: string;
  readonly path: string;
}

/** A file a command reads. */
export interface InputFile {
  readonly what: string;
  readonly path: string;
}

interface Planned extends OutputTarget {
  /** The file written: the path with its symbolic links followed. */
  readonly file: string;
  /** The mode of the file it replaces, kept. */
  readonly mode?: number;
}

/** Checks every target against the inputs and each other, before any work (see the top). */
export function planOutputs(inputs: readonly InputFile[], targets: readonly OutputTarget[]): OutputFiles {
  const inputIds = new Map<string, InputFile>();
  for (const input of inputs) {
    const stat = statOrNull(input.path);
    if (stat) inputIds.set(`${stat.dev}:${stat.ino}`, input);
  }
  const taken = new Map<string, OutputTarget>();
  const planned: Planned[] = [];
  for (const target of targets) {
    if (/[/\\]$/.test(target.path))
      throw new CliError(
        `${target.what} ${target.path} ends with a slash, so it names a directory; give a file name (${target.path.replace(/[/\\]+$/, '')} or a name inside it)`,
      );
    const file = followLinks(target);
    const existing = statOrNull(file);
    const key = existing
      ? `${existing.dev}:${existing.ino}`
      : `new:${join(realDirectory(target, file), basename(file))}`;
    const input = inputIds.get(key);
    if (input)
      throw new CliError(
        `${target.what} ${target.path} would overwrite ${input.what === input.path ? 'the input file' : input.what} ${input.path}${resolve(input.path) === resolve(target.path) ? '' : ' (the same file, through a link)'}; write elsewhere`,
      );
    const other = taken.get(key);
    if (other)
      throw new CliError(
        `${other.what} and ${target.what} name the same file ${target.path}${other.path === target.path ? '' : ` (${other.path} is the same file)`}; give each its own`,
      );
    taken.set(key, target);
    if (existing) checkReplaceable(target, file, existing);
    probe(target, file);
    planned.push({ ...target, file, ...(existing && { mode: existing.mode & 0o7777 }) });
  }
  return new OutputFiles(planned);
}

/**
 * The planned targets, written to temporaries and put in place together (`publish`). Each target
 * is written once, by the path it was planned with.
 *
 * Signals (DESIGN.md sec. 8, issue 43 F6). Until the first temporary exists, SIGINT, SIGTERM and
 * SIGHUP keep their default action: the process ends at once, by the signal, and nothing was
 * written. From then on they are caught, and a caught signal is acted on at the next turn of the
 * event loop: the temporaries are removed and the process ends by the same signal, so that a shell
 * sees it killed (status 128 + n). The writes are synchronous (a release is written in 4 MB
 * pieces), so a turn comes between one file and the next and before the files are put in place
 * (`checkpoint`: two turns of the loop, so that a poll phase, where Node reads a signal, is sure to
 * come between): a signal that came while a file was written abandons it, and nothing is put in
 * place. A signal that comes while the renames run (microseconds) is acted on right after them:
 * the process ends by it with every new file in place. The probe of `planOutputs` makes a file
 * without a name where the system can (`probe`), so a signal then leaves nothing; elsewhere it
 * creates and removes an empty temporary, and a signal in that instant may leave it behind.
 * Test hook: `TXANON_TEST_PAUSE_MS=N` (tests only) says each phase of `publish` on stderr and waits
 * N ms in it (`testPhase`), so that a test can send a signal in any phase.
 */
export class OutputFiles {
  private staged: { target: Planned; temp: string }[] = [];
  /** Writes asked for by `publish`'s callback, made one by one after it (see the top). */
  private queued: { path: string; into: (temp: string) => void }[] = [];
  private readonly onSignal = (signal: NodeJS.Signals) => {
    this.removeTemporaries();
    endBySignal(signal);
  };
  private readonly onExit = () => this.removeTemporaries();
  private watching = false;

  constructor(private readonly targets: readonly Planned[]) {}

  /**
   * Runs `write` (which writes each target with writeText, writeWith or writeStream), then puts
   * every file in place; on any failure, removes every temporary (nothing is written) and throws,
   * an I/O error as a CliError naming the path and the reason.
   */
  async publish(write: () => void | Promise<void>): Promise<void> {
    try {
      await testPhase('writing');
      await write();
      for (const { path, into } of this.queued) {
        await this.checkpoint();
        this.write(path, into);
        await testPhase(`temporary ${this.staged.length}`);
      }
      this.queued = [];
      // A signal that came during the writes is acted on here, before anything is put in place.
      await this.checkpoint();
      this.commit();
      await testPhase('placed');
      // One that came during the renames: the process ends by it, every file in place.
      await checkpoint();
    } catch (error) {
      this.removeTemporaries();
      throw error;
    } finally {
      this.unwatch();
    }
  }

  /** `text` and a final line break, in pieces (writePieces.ts), written within `publish`. */
  writeText(path: string, text: string): void {
    this.queued.push({ path, into: (temp) => writeTextFile(temp, text) });
  }

  /** Writes what `write` hands its sink (a release or an export written piece by piece), within `publish`. */
  writeWith(path: string, write: (sink: ByteSink) => void): void {
    this.queued.push({ path, into: (temp) => writeFile(temp, write) });
  }

  /** Streams into the target's temporary: `fill` writes to the stream (awaiting 'drain'). */
  async writeStream(path: string, fill: (stream: WriteStream) => Promise<void>): Promise<void> {
    const { target, temp } = this.stage(path);
    try {
      const stream = createWriteStream(temp, { flags: 'wx' });
      const failed = new Promise<never>((_, reject) => stream.once('error', reject));
      failed.catch(() => {});
      await Promise.race([fill(stream), failed]);
      await Promise.race([
        new Promise<void>((done, reject) =>
          stream.end((error?: Error | null) => (error ? reject(error) : done())),
        ),
        failed,
      ]);
      this.keepMode(target, temp);
    } catch (error) {
      throw writeError(target, error);
    }
    await testPhase(`temporary ${this.staged.length}`);
  }

  /** Two turns of the event loop: a signal caught meanwhile is acted on (see the top). */
  private async checkpoint(): Promise<void> {
    if (this.watching) await checkpoint();
  }

  private write(path: string, into: (temp: string) => void): void {
    const { target, temp } = this.stage(path);
    try {
      into(temp);
      this.keepMode(target, temp);
    } catch (error) {
      throw writeError(target, error);
    }
  }

  private keepMode(target: Planned, temp: string): void {
    if (target.mode !== undefined) chmodSync(temp, target.mode);
  }

  private stage(path: string): { target: Planned; temp: string } {
    const target = this.targets.find((t) => t.path === path);
    if (!target) throw new Error(`${path} was not planned as an output`);
    if (this.staged.some((s) => s.target === target)) throw new Error(`${path} is written twice`);
    // The signals are caught before the temporary exists.
    this.watch();
    const staged = { target, temp: temporaryBeside(target.file) };
    this.staged.push(staged);
    return staged;
  }

  /** Renames every temporary onto its target, in the order they were written. */
  private commit(): void {
    const placed: string[] = [];
    for (const { target, temp } of this.staged) {
      try {
        renameSync(temp, target.file);
      } catch (error) {
        throw new CliError(
          `${target.what} ${target.path}: could not be put in place (${reason(error)}); ${placed.length > 0 ? `already written: ${placed.join(', ')}` : 'nothing was written'}`,
        );
      }
      placed.push(target.path);
    }
    this.staged = [];
  }

  private removeTemporaries(): void {
    for (const { temp } of this.staged) {
      try {
        unlinkSync(temp);
      } catch {
        // never created, or already gone
      }
    }
    this.staged = [];
  }

  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    for (const signal of SIGNALS) process.on(signal, this.onSignal);
    process.on('exit', this.onExit);
  }

  private unwatch(): void {
    if (!this.watching) return;
    this.watching = false;
    for (const signal of SIGNALS) process.off(signal, this.onSignal);
    process.off('exit', this.onExit);
  }
}

/** Two turns of the event loop (a poll phase, where Node reads a pending signal, comes between). */
function checkpoint(): Promise<void> {
  const turn = () => new Promise<void>((done) => setImmediate(done));
  return turn().then(turn);
}

/**
 * Ends the process by `signal`: every listener of the three signals removed (their default action
 * back), then the signal sent to itself; should the process outlive it, it exits with 128 + n.
 */
export function endBySignal(signal: NodeJS.Signals): never {
  for (const s of SIGNALS) process.removeAllListeners(s);
  process.kill(process.pid, signal);
  process.exit(128 + (osConstants.signals[signal] ?? 0));
}

/**
 * The test hook of the top: with TXANON_TEST_PAUSE_MS=N, each phase of `publish` is said on stderr
 * (`txanon-test: writing`, before the first temporary; `txanon-test: temporary K`, once K exist;
 * `txanon-test: placed`, once every file is in place) and followed by a pause of N ms, so that a
 * test can send a signal in the phase it wants.
 */
async function testPhase(phase: string): Promise<void> {
  const ms = Number(process.env.TXANON_TEST_PAUSE_MS ?? 0);
  if (!(ms > 0)) return;
  process.stderr.write(`txanon-test: ${phase}\n`);
  await new Promise((done) => setTimeout(done, ms));
}

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function writeError(target: OutputTarget, error: unknown): CliError {
  return new CliError(
    `${target.what} ${target.path}: cannot be written (${reason(error)}); nothing was written`,
  );
}

/** `.NAME.<pid>-<random>.txanon-tmp` beside `file` (the name cut so that it stays a legal name). */
function temporaryBeside(file: string): string {
  const random = Math.floor(Math.random() * 36 ** 6).toString(36);
  return join(dirname(file), `.${basename(file).slice(0, 120)}.${process.pid}-${random}.txanon-tmp`);
}

/** The path with its symbolic links followed, also to a file that does not exist yet. */
function followLinks(target: OutputTarget): string {
  let path = resolve(target.path);
  for (let hops = 0; hops < 40; hops++) {
    let link: Stats;
    try {
      link = lstatSync(path);
    } catch {
      return path;
    }
    if (!link.isSymbolicLink()) return path;
    path = resolve(dirname(path), readlinkSync(path));
  }
  throw new CliError(`${target.what} ${target.path}: too many symbolic links (ELOOP)`);
}

/** The real path of the directory `file` goes in, which must exist. */
function realDirectory(target: OutputTarget, file: string): string {
  const dir = dirname(file);
  const stat = statOrNull(dir);
  if (!stat) throw new CliError(`${target.what} ${target.path}: the directory ${dir} does not exist`);
  if (!stat.isDirectory()) throw new CliError(`${target.what} ${target.path}: ${dir} is not a directory`);
  return realpathSync(dir);
}

/** An existing target must be a regular file that may be replaced. */
function checkReplaceable(target: OutputTarget, file: string, stat: Stats): void {
  if (stat.isDirectory())
    throw new CliError(`${target.what} ${target.path} is a directory; give a file name inside it`);
  if (!stat.isFile())
    throw new CliError(
      `${target.what} ${target.path} is ${fileKind(stat)}, not a regular file; give the name of a file to write`,
    );
  try {
    accessSync(file, constants.W_OK);
  } catch (error) {
    throw new CliError(`${target.what} ${target.path}: the file is not writable (${reason(error)})`);
  }
}

/**
 * Whether a file can be made beside the target at all: first as a file without a name (Linux's
 * O_TMPFILE, open(2): nothing to leave behind if a signal ends the process meanwhile); where the
 * system or the file system has no such file, or refuses it, by creating and removing a temporary
 * (whose failure gives the reason said).
 */
function probe(target: OutputTarget, file: string): void {
  if (O_TMPFILE !== null) {
    try {
      closeSync(openSync(dirname(file), O_TMPFILE | constants.O_WRONLY, 0o600));
      return;
    } catch {
      // not supported here, or refused: the named temporary below says why
    }
  }
  const temp = temporaryBeside(file);
  try {
    closeSync(openSync(temp, 'wx'));
  } catch (error) {
    throw new CliError(
      `${target.what} ${target.path}: no file can be created in ${dirname(file)} (${reason(error)})`,
    );
  }
  unlinkSync(temp);
}

/** open(2)'s O_TMPFILE (__O_TMPFILE | O_DIRECTORY) where its value is known: Linux on x64 and arm64. */
const O_TMPFILE = process.platform === 'linux' && ['x64', 'arm64'].includes(process.arch) ? 0o20200000 : null;

function fileKind(stat: Stats): string {
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isFIFO()) return 'a pipe';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
