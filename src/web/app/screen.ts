import { useSyncExternalStore } from 'react';
import { SCREEN_MD_MAX, SCREEN_SM_MAX } from '../../shared/constants.ts';
import { screenSizeClass, type ScreenSize } from '../../shared/screen.ts';
import { useApp } from './context.ts';

const QUERIES = [`(width < ${SCREEN_SM_MAX}px)`, `(width < ${SCREEN_MD_MAX}px)`];

function subscribe(onChange: () => void): () => void {
  const lists = QUERIES.map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/**
 * The screen size class (sm below 768 px, md below 1024 px, lg otherwise). The server guesses
 * from the device kind; hydration starts from that guess and then follows the real width.
 */
export function useScreenSize(): ScreenSize {
  const { bootstrap } = useApp();
  return useSyncExternalStore(
    subscribe,
    () => screenSizeClass(window.innerWidth),
    () => (bootstrap.isMobile ? 'sm' : 'lg'),
  );
}
