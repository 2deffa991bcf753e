/**
 * The main-thread tasks of a page in a Chromium trace (categories `devtools.timeline` and `toplevel`), with their
 * wall-clock length and the CPU time the thread really spent in them (`tdur`). On a shared, loaded
 * machine a task's wall time grows with the wait for a core: its CPU time tells the page's own work
 * from that wait. The window is given by two `console.timeStamp` marks made in the page.
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

/** Tasks over `overMs` (wall) on the renderer main thread that made the marks, between the marks. */
export function tracedTasks(trace: Buffer, fromMark: string, toMark: string, overMs = 50): TracedTask[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mark = (message: string) =>
    events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === message);
  const from = mark(fromMark);
  const to = mark(toMark);
  if (!from || !to) throw new Error(`trace lacks the marks ${fromMark} and ${toMark}`);
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
