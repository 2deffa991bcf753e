/**
 * Present mode's stage: the step is laid out at a fixed width (STAGE_WIDTH CSS px, the drawings
 * measuring that width as always) and scaled as a whole to fit the space under the bar, down on a
 * 1280x720 projector, up (to MAX_SCALE) on 1920x1080, so nothing scrolls and nothing is cut. The
 * scale is measured again whenever the window or the step's height changes (ResizeObserver).
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** The width the step is laid out at, before scaling. */
export const STAGE_WIDTH = 1280;
const MAX_SCALE = 2;

export function PresentFit({ children }: { children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const box = outer.current;
    const stage = inner.current;
    if (!box || !stage) return;
    const fit = () => {
      const s = Math.min(
        box.clientWidth / STAGE_WIDTH,
        box.clientHeight / Math.max(1, stage.offsetHeight),
        MAX_SCALE,
      );
      setScale(s > 0 && Number.isFinite(s) ? s : 1);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    observer.observe(stage);
    fit();
    return () => observer.disconnect();
  }, []);
  return (
    <div className="present-fit" ref={outer} data-testid="teach-present-fit" data-scale={scale.toFixed(3)}>
      <div className="present-stage" ref={inner} style={{ width: STAGE_WIDTH, transform: `scale(${scale})` }}>
        {children}
      </div>
    </div>
  );
}

/** Esc leaves Present mode. */
export function useLeaveOnEscape(presenting: boolean, leave: () => void): void {
  useEffect(() => {
    if (!presenting) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && leave();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [presenting, leave]);
}
