import { useState, useSyncExternalStore, type RefObject } from 'react';

/** The grid's width and the part of it the window shows, in the grid's own coordinates. */
export type GridViewport = { width: number; top: number; height: number };

/** Scroll positions are rounded to this step, so scrolling re-renders the grid only now and then. */
const SCROLL_STEP = 100;

function same(a: GridViewport | null, b: GridViewport): boolean {
  return a !== null && a.width === b.width && a.top === b.top && a.height === b.height;
}

/**
 * An external store of the grid's viewport: the width (a ResizeObserver) and the scroll position
 * (window scroll, one read per animation frame). Null until the grid is in the document, which
 * is also what the server renders with.
 */
function createViewportStore(target: RefObject<HTMLElement | null>) {
  let snapshot: GridViewport | null = null;
  const measure = (): boolean => {
    const element = target.current;
    if (!element) return false;
    const rect = element.getBoundingClientRect();
    const next = { width: Math.round(rect.width * 100) / 100, top: Math.floor(-rect.top / SCROLL_STEP) * SCROLL_STEP, height: window.innerHeight };
    if (same(snapshot, next)) return false;
    snapshot = next;
    return true;
  };
  return {
    get: (): GridViewport | null => snapshot,
    subscribe: (onChange: () => void): (() => void) => {
      let frame = 0;
      const update = () => {
        frame = 0;
        if (measure()) onChange();
      };
      const schedule = () => {
        if (frame === 0) frame = requestAnimationFrame(update);
      };
      const observer = new ResizeObserver(schedule);
      if (target.current) observer.observe(target.current);
      window.addEventListener('scroll', schedule, { passive: true });
      window.addEventListener('resize', schedule);
      // React reads the snapshot again right after subscribing, so the first measure shows at once.
      measure();
      return () => {
        if (frame !== 0) cancelAnimationFrame(frame);
        observer.disconnect();
        window.removeEventListener('scroll', schedule);
        window.removeEventListener('resize', schedule);
      };
    },
  };
}

const serverSnapshot = () => null;

export function useGridViewport(target: RefObject<HTMLElement | null>): GridViewport | null {
  const [store] = useState(() => createViewportStore(target));
  return useSyncExternalStore(store.subscribe, store.get, serverSnapshot);
}
