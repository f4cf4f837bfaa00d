import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NOT_FOUND_HANDLER } from '../../shared/bootstrap.ts';
import * as nav from '../../shared/navigation.ts';
import { isNewVersionPending } from '../api/http.ts';
import { CORE_TEXT_HANDLERS, loadPageTexts } from '../i18n/i18n.ts';
import { interceptableUrl, newEntryKey } from './links.ts';
import { loadedRoute, loadRoute, resolveRoute } from './route-table.ts';
import { savedScroll, saveScroll, takeFlaggedScroll } from './scroll.ts';
import type { RouteModule, RouterLocation } from './types.ts';

export type RouteView = {
  key: string;
  location: RouterLocation;
  handlerId: string;
  params: Record<string, string>;
  /** Null for the not-found page. */
  module: RouteModule | null;
};

type RouterValue = {
  view: RouteView;
  /** The handler whose code is loading, shown as a spinner. */
  loading: boolean;
  error: unknown;
  navigate: (to: string, options?: { replace?: boolean }) => void;
};

const RouterContext = createContext<RouterValue | null>(null);

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter outside RouterProvider');
  return value;
}

function toLocation(url: URL): RouterLocation {
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** Reads the history entry key the router stored, or stores a new one. */
function currentEntryKey(): string {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'key' in state && typeof state.key === 'string') return state.key;
  const key = newEntryKey();
  window.history.replaceState({ ...(state as object | null), key }, '');
  return key;
}

export function initialView(url: URL, handlerId: string, params: Record<string, string>, module: RouteModule | null): RouteView {
  return { key: 'initial', location: toLocation(url), handlerId, params, module };
}

type Props = { initial: RouteView; children: ReactNode };

export function RouterProvider({ initial, children }: Props) {
  const [view, setView] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const historyRef = useRef<nav.NavigationHistory | null>(null);
  const pendingScroll = useRef<nav.ScrollAction | null>(null);
  const navigationId = useRef(0);
  const started = useRef(false);

  const go = useCallback(async (url: URL, kind: nav.NavigationKind, key: string) => {
    const match = resolveRoute(url.pathname);
    const history = historyRef.current;
    if (!match || !history || isNewVersionPending()) {
      // Unknown paths and new deployments are the server's to answer: a full page load.
      if (kind === 'push' || kind === 'replace') window.location.assign(url.href);
      else window.location.reload();
      return;
    }
    saveScroll(history.current.key, window.scrollY);
    const entry = { key, url: url.href };
    if (kind === 'push') window.history.pushState({ key }, '', url.href);
    if (kind === 'replace') window.history.replaceState({ key }, '', url.href);
    historyRef.current = kind === 'push' ? nav.push(history, entry) : kind === 'replace' ? nav.replace(history, entry) : nav.travelTo(history, entry);
    const id = ++navigationId.current;
    const loaded = loadedRoute(match.handlerId);
    // Every page but the home page needs the page texts too; they load beside its code, once.
    const texts = CORE_TEXT_HANDLERS.has(match.handlerId) ? undefined : loadPageTexts();
    // A navigation whose code is here also ends the spinner of an earlier one it overtook (back
    // before a pin's code arrived), whose own end no longer may.
    setLoading(!loaded);
    let module: RouteModule;
    try {
      [module] = await Promise.all([loaded ?? loadRoute(match.handlerId), texts]);
    } catch (loadError) {
      if (id === navigationId.current) setError(loadError);
      return;
    } finally {
      if (!loaded && id === navigationId.current) setLoading(false);
    }
    if (id !== navigationId.current) return;
    pendingScroll.current = nav.scrollAfter(kind, savedScroll(key));
    setError(null);
    setView({ key, location: toLocation(url), handlerId: match.handlerId, params: match.params, module });
  }, []);

  const navigate = useCallback(
    (to: string, options: { replace?: boolean } = {}) => {
      const url = new URL(to, window.location.href);
      void go(url, options.replace ? 'replace' : 'push', newEntryKey());
    },
    [go],
  );

  useEffect(() => {
    const key = currentEntryKey();
    historyRef.current = nav.startHistory({ key, url: window.location.href });
    const onPop = (event: PopStateEvent) => {
      const state = event.state as { key?: unknown } | null;
      const popKey = typeof state?.key === 'string' ? state.key : newEntryKey();
      const history = historyRef.current;
      const kind = history && nav.popKind(history, popKey) === 'forward' ? 'forward' : 'back';
      void go(new URL(window.location.href), kind, popKey);
    };
    const onClick = (event: MouseEvent) => {
      const url = interceptableUrl(event, window.location.origin);
      if (!url) return;
      const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
      if (samePage && url.hash) return;
      event.preventDefault();
      void go(url, 'push', newEntryKey());
    };
    window.addEventListener('popstate', onPop);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('popstate', onPop);
      document.removeEventListener('click', onClick);
    };
  }, [go]);

  useLayoutEffect(() => {
    let own = pendingScroll.current;
    pendingScroll.current = null;
    if (!started.current) {
      started.current = true;
      window.history.scrollRestoration = 'manual';
      // The first page of a load returns to its entry's position (a reload).
      const y = savedScroll(currentEntryKey());
      if (y !== undefined) own = { kind: 'restore', y };
    }
    // A page's own flag (set in its layout effect, which runs before this one) wins.
    const action = takeFlaggedScroll() ?? own;
    if (!action) return;
    window.scrollTo(0, action.kind === 'restore' ? action.y : 0);
  }, [view]);

  const value = useMemo(() => ({ view, loading, error, navigate }), [view, loading, error, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function isNotFound(view: RouteView): boolean {
  return view.handlerId === NOT_FOUND_HANDLER || view.module === null;
}
