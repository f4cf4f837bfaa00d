import { useEffect, useState } from 'react';
import { closeupGraphQueryOn } from '../../shared/closeup-preload.ts';
import { resourceKey } from '../../shared/resource-cache.ts';
import { useApp } from '../app/context.ts';
import { useResource, useResourceStore, type ResourceState } from '../data/resources.tsx';
import { pinRequest, preloadCloseup } from './closeup-query.ts';
import type { PinJson } from '../pins/types.ts';

/**
 * The closeup's pin. Under the graph-query experiment a pin the cache does not hold yet comes from
 * CloseupDetailQuery (usually already on its way since the pointer reached the pin's link), and
 * PinResource is read only if the query could not answer; otherwise from PinResource, as the
 * page server seeded it or fetched now.
 */
export function useCloseupPin(pinId: string): ResourceState<PinJson> {
  const { bootstrap } = useApp();
  const store = useResourceStore();
  const request = pinRequest(pinId);
  const [queriedFor, setQueriedFor] = useState<string | null>(null);
  const waiting = closeupGraphQueryOn(bootstrap.experiments.active) && queriedFor !== pinId && store.get(resourceKey(request)) === undefined;
  const { isAuthenticated, isMobile } = bootstrap;

  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const settle = () => {
      if (live) setQueriedFor(pinId);
    };
    preloadCloseup(store, pinId, { isAuthenticated, isMobile }).then(settle, settle);
    return () => {
      live = false;
    };
  }, [waiting, store, pinId, isAuthenticated, isMobile]);

  return useResource<PinJson>(waiting ? null : request);
}
