import { CHUNK_RETRIES, CHUNK_RETRY_INITIAL_MS } from '../../shared/constants.ts';
import type { RouteManifest } from '../../shared/bootstrap.ts';
import { withRetries } from '../../shared/retry.ts';
import { buildRouteTable, handlerNameFromPath, matchRoute, type RouteMatch } from '../../shared/routes.ts';
import type { RouteModule } from './types.ts';

/** One chunk per handler: the page's code loads only when its route is visited. */
const modules = import.meta.glob<RouteModule>('../routes/**/*.tsx');

const loaders = new Map<string, () => Promise<RouteModule>>(Object.entries(modules).map(([path, load]) => [handlerNameFromPath(path), load]));

export const routeTable = buildRouteTable([...loaders.keys()]);

export function resolveRoute(pathname: string): RouteMatch | null {
  return matchRoute(routeTable, pathname);
}

export function handlerSourcePath(handlerId: string): string {
  return `src/web/routes/${handlerId}.tsx`;
}

let manifest: RouteManifest = {};
const loaded = new Map<string, RouteModule>();

export function setRouteManifest(routes: RouteManifest): void {
  manifest = routes;
}

/** The module if it is already loaded, so a navigation can render without a spinner. */
export function loadedRoute(handlerId: string): RouteModule | undefined {
  return loaded.get(handlerId);
}

/**
 * Loads a handler's chunk: up to 3 retries, 500 ms then doubling. A failed dynamic import stays
 * cached under its URL, so a retry asks for the manifest's file with a query that busts it.
 */
export async function loadRoute(handlerId: string): Promise<RouteModule> {
  const cached = loaded.get(handlerId);
  if (cached) return cached;
  const load = loaders.get(handlerId);
  if (!load) throw new Error(`No handler ${handlerId}`);
  const module = await withRetries(
    (tryNumber) => {
      const file = manifest[handlerId]?.js;
      if (tryNumber === 0 || !file) return load();
      return import(/* @vite-ignore */ `${file}?retry=${tryNumber}`) as Promise<RouteModule>;
    },
    { retries: CHUNK_RETRIES, initialMs: CHUNK_RETRY_INITIAL_MS },
  );
  loaded.set(handlerId, module);
  return module;
}

/** Warms the chunks a signed-in desktop visitor is likely to open next (spec section 2). */
export function preloadLikelyRoutes(): void {
  for (const handlerId of ['index', 'pin/[id]', 'search/[scope]', '[username]']) {
    if (loaders.has(handlerId)) loadRoute(handlerId).catch(() => undefined);
  }
}
