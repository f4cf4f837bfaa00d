import { useEffect, useLayoutEffect, useState } from 'react';
import { HOME_FEED_KEEP_EXPERIMENT, homeFeedArrival, homeFeedKeepWindowMs, parseLeftHome, type HomeArrival, type LeftHome } from '../../shared/home-feed.ts';
import type { ScrollAction } from '../../shared/navigation.ts';
import { resourceKey } from '../../shared/resource-cache.ts';
import { useApp } from '../app/context.ts';
import { readSession, writeSession } from '../app/storage.ts';
import { useResourceStore } from '../data/resources.tsx';
import { flagScroll } from '../router/scroll.ts';
import { homeFeedRequest } from './requests.ts';

const STORAGE_KEY = 'corkboard.home-left';
const AS_IT_IS: HomeArrival = { refresh: false, scroll: null };

// When the member left the home page: in memory for this page load, and in the tab's storage so
// that a reload counts too.
let lastLeft: LeftHome | null = null;
// The first showing of the feed in a page load is one the server or the first fetch has just made.
let shownBefore = false;

/**
 * Hands the position to the router, which applies it with the navigation that shows the page. The
 * feed also hydrates after start-up, once its chunk is in, when the router has scrolled already:
 * so it is applied here too (with a navigation the router sets the same position again).
 */
function startAt(action: ScrollAction): void {
  flagScroll(action);
  window.scrollTo(0, action.kind === 'restore' ? action.y : 0);
}

function recordLeft(userId: string): void {
  lastLeft = { userId, at: Date.now(), y: window.scrollY };
  writeSession({ [STORAGE_KEY]: JSON.stringify(lastLeft) });
}

/**
 * The keep rule on the home page (src/shared/home-feed.ts): decided once as the feed mounts,
 * its scroll applied, a due refresh started; leaving (another page, a reload, closing the tab)
 * records the time and the position.
 */
export function useHomeReturn(userId: string): { refreshing: boolean } {
  const { bootstrap } = useApp();
  const store = useResourceStore();
  const [arrival] = useState<HomeArrival>(() => {
    if (typeof window === 'undefined') return AS_IT_IS;
    return homeFeedArrival({
      left: lastLeft ?? parseLeftHome(readSession(STORAGE_KEY)),
      userId,
      now: Date.now(),
      windowMs: homeFeedKeepWindowMs(bootstrap.experiments.active[HOME_FEED_KEEP_EXPERIMENT]),
      feedCached: shownBefore && store.get(resourceKey(homeFeedRequest())) !== undefined,
    });
  });
  const [refreshing, setRefreshing] = useState(arrival.refresh);

  useLayoutEffect(() => {
    shownBefore = true;
    if (arrival.scroll) startAt(arrival.scroll);
    const onPageHide = () => {
      recordLeft(userId);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // A layout cleanup runs before the page's markup goes, so the position is still the feed's.
      recordLeft(userId);
    };
  }, [arrival, userId]);

  useEffect(() => {
    // A flag no navigation took (the feed hydrated after start-up) must not steer the next one.
    flagScroll(null);
    if (!arrival.refresh) return;
    void store.refresh(homeFeedRequest()).then(() => {
      setRefreshing(false);
    });
  }, [arrival, store]);

  return { refreshing };
}
