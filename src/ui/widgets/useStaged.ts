/**
 * Something large shown in stages, one more per task: `useStaged(n)` starts at 1 and grows to `n`,
 * each step after the previous one has been committed and a task boundary has passed. React's
 * concurrent render already slices the work of rendering; committing the DOM and laying it out is
 * not sliced, so a run's detail (summary, rows, metrics, downloads, charts, tables) landing in one
 * commit was one long main-thread task on 1,000,000 rows (issue 16). Give the component a `key`
 * of what it shows, so that something new starts again from the first stage.
 */
import { useEffect, useState } from 'react';

export function useStaged(stages: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= stages) return;
    const timer = setTimeout(() => setShown((n) => n + 1), 0);
    return () => clearTimeout(timer);
  }, [shown, stages]);
  return Math.min(shown, stages);
}

/** The first `perStage` items, then `perStage` more each task (a long table drawn in pieces). */
export function useStagedSlice<T>(items: readonly T[], perStage = 50): readonly T[] {
  const stage = useStaged(Math.max(1, Math.ceil(items.length / perStage)));
  return items.slice(0, stage * perStage);
}
