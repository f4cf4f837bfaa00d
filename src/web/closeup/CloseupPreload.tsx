import { useEffect } from 'react';
import { closeupGraphQueryOn } from '../../shared/closeup-preload.ts';
import { useApp } from '../app/context.ts';
import { useResourceStore } from '../data/resources.tsx';

/**
 * Under the graph-query experiment, starts the closeup's queries as soon as the viewer is about
 * to open a pin, so the pin page opens from the cache (./closeup-intent.ts). Off the experiment
 * nothing loads: the listeners' code is fetched only for viewers in it.
 */
export function CloseupPreload() {
  const { bootstrap } = useApp();
  const store = useResourceStore();

  useEffect(() => {
    const experiments = bootstrap.experiments.active;
    if (!closeupGraphQueryOn(experiments)) return;
    let stop: (() => void) | null = null;
    let live = true;
    const viewer = { isAuthenticated: bootstrap.isAuthenticated, isMobile: bootstrap.isMobile };
    import('./closeup-intent.ts')
      .then(({ listenForCloseupIntent }) => {
        if (live) stop = listenForCloseupIntent(store, viewer, experiments);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      stop?.();
    };
  }, [bootstrap, store]);

  return null;
}
