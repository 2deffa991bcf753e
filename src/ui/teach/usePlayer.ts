/**
 * The player of a trace (after algorithm-visualizer's Player: just a cursor, playing and a speed):
 * play advances a step every `speed` ms and stops at the last; the keys ← and → (Home, End) move
 * the cursor wherever the focus is, except in a form field.
 */
import { useEffect, useState } from 'react';

export const SPEEDS = [500, 1000, 2000, 4000];

export function usePlayer(count: number, cursor: number, onCursor: (step: number) => void) {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1000);
  const last = Math.max(0, count - 1);
  useEffect(() => {
    if (!playing || cursor >= last) return;
    const timer = setTimeout(() => {
      onCursor(cursor + 1);
      if (cursor + 1 >= last) setPlaying(false);
    }, speed);
    return () => clearTimeout(timer);
  }, [playing, cursor, last, speed, onCursor]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const next =
        event.key === 'ArrowRight'
          ? cursor + 1
          : event.key === 'ArrowLeft'
            ? cursor - 1
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? last
                : null;
      if (next === null) return;
      event.preventDefault();
      onCursor(Math.min(last, Math.max(0, next)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cursor, last, onCursor]);
  return { playing: playing && cursor < last, setPlaying, speed, setSpeed };
}
