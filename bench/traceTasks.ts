/**
 * The main-thread tasks of a page in a Chromium trace (categories `devtools.timeline` and `toplevel`), with their
 * wall-clock length and the CPU time the thread really spent in them (`tdur`). On a shared, loaded
 * machine a task's wall time grows with the wait for a core: its CPU time tells the page's own work
 * from that wait. The window is given by two `console.timeStamp` marks made in the page. Also the
 * CPU time of the page's threads by kind over that window (`threadCpu`): which thread was busy.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { message?: string } };
}

/** A main-thread task as category `toplevel` records it (`RunTask` needs a disabled-by-default one). */
const TASK = 'ThreadControllerImpl::RunTask';

export interface TracedTask {
  /** ms after the first mark. */
  at: number;
  wallMs: number;
  cpuMs: number;
}

/** A trace's events and its two marks. */
function window(trace: Buffer, fromMark: string, toMark: string) {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mark = (message: string) =>
    events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === message);
  const from = mark(fromMark);
  const to = mark(toMark);
  if (!from || !to) throw new Error(`trace lacks the marks ${fromMark} and ${toMark}`);
  return { events, from, to };
}

/** A task of a thread's message loop (the main thread and workers) or of Chromium's thread pool. */
const POOL_TASK = 'ThreadPool_RunTask';
/** V8's optimizing compilers' tasks on the thread pool (inside a POOL_TASK). */
const COMPILE_TASKS = new Set(['V8.TurbofanTask', 'V8.MaglevTask']);
/** Trace categories that record COMPILE_TASKS (beside `devtools.timeline` and `toplevel`). */
export const COMPILE_CATEGORIES = ['v8', 'disabled-by-default-v8.compile'];

/** CPU ms of the page's threads between the marks, by kind. */
export interface ThreadCpu {
  /** The engine's Web Workers. */
  workers: number;
  /** The page's main thread. */
  main: number;
  /** The page process's thread pool: V8's garbage collection and optimizing compilers, raster. */
  pool: number;
  /**
   * Of `pool`, V8's optimizing compilers (TurboFan and Maglev tasks): 0 unless the trace has V8's
   * compile categories (`COMPILE_CATEGORIES`); absent from sweeps saved before it was measured.
   */
  compile?: number;
  /** Its other threads (compositor, IO). */
  other: number;
}

/** CPU time of the page process's threads between the marks (the tasks that started in the window). */
export function threadCpu(trace: Buffer, fromMark: string, toMark: string): ThreadCpu {
  const { events, from, to } = window(trace, fromMark, toMark);
  const names = new Map<number, string>();
  for (const e of events)
    if (e.name === 'thread_name' && e.pid === from.pid) names.set(e.tid, e.args?.name ?? '');
  const cpu = { workers: 0, main: 0, pool: 0, other: 0 };
  let compile = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.pid !== from.pid || e.ts < from.ts || e.ts > to.ts) continue;
    const name = names.get(e.tid) ?? '';
    if (COMPILE_TASKS.has(e.name) && name.startsWith('ThreadPool')) compile += (e.tdur ?? 0) / 1000;
    if (e.name !== TASK && e.name !== POOL_TASK) continue;
    const kind: keyof typeof cpu =
      e.tid === from.tid
        ? 'main'
        : name.startsWith('DedicatedWorker')
          ? 'workers'
          : name.startsWith('ThreadPool')
            ? 'pool'
            : 'other';
    cpu[kind] += (e.tdur ?? 0) / 1000;
  }
  return { ...cpu, compile };
}

/** Tasks over `overMs` (wall) on the renderer main thread that made the marks, between the marks. */
export function tracedTasks(trace: Buffer, fromMark: string, toMark: string, overMs = 50): TracedTask[] {
  const { events, from, to } = window(trace, fromMark, toMark);
  return events
    .filter(
      (e) =>
        e.name === TASK &&
        e.ph === 'X' &&
        e.pid === from.pid &&
        e.tid === from.tid &&
        e.ts >= from.ts &&
        e.ts <= to.ts &&
        (e.dur ?? 0) > overMs * 1000,
    )
    .map((e) => ({ at: (e.ts - from.ts) / 1000, wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000 }));
}
