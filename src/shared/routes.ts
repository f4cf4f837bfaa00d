/**
 * Route mechanics of spec section 2: a route is derived from a handler name (the file name of
 * a module under src/web/routes/), routes match exactly, and static segments win over
 * parameterized ones. Pure, so the page server and the browser resolve paths the same way.
 */

export class RouteError extends Error {
  override name = 'RouteError';
}

/** Parameters whose values are constrained: a pin id is word characters and hyphens only. */
const PARAM_PATTERNS: Readonly<Record<string, string>> = { id: '[\\w\\-]+' };

const PARAM_SEGMENT = /^\[([A-Za-z_][A-Za-z0-9_]*)\]$/;
// A leading underscore is allowed: profile tabs (/:username/_created/) use it, and no username or
// board slug can start with one, so they never collide with a board.
const STATIC_SEGMENT = /^[a-z0-9_][a-z0-9_.-]*$/;

/** `pin/[id]/sent.tsx` → `/pin/:id/sent`; `index` → `/`; a nested index is an error. */
export function routeFromHandler(name: string): string {
  const bare = name.replace(/^\.?\/+/, '').replace(/\.(js|jsx|ts|tsx)$/, '');
  if (bare === 'index') return '/';
  const segments = bare.split('/');
  return '/' + segments.map((segment) => toRouteSegment(segment, name)).join('/');
}

function toRouteSegment(segment: string, name: string): string {
  if (segment === 'index') throw new RouteError(`Nested index handler ${name}: name the file after its folder instead`);
  const param = PARAM_SEGMENT.exec(segment);
  if (param) return `:${param[1] ?? ''}`;
  if (!STATIC_SEGMENT.test(segment)) throw new RouteError(`Handler ${name} has an invalid segment "${segment}"`);
  return segment;
}

export type RouteEntry = {
  /** The handler name, also the initial handler id of the bootstrap. */
  handlerId: string;
  /** The route in spec notation, e.g. `/pin/:id`. */
  route: string;
  /** The whole-path matcher: one group per parameter, in `params` order. */
  pattern: RegExp;
  params: string[];
};

export type RouteMatch = { handlerId: string; route: string; params: Record<string, string> };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The matcher of a route: exact, parameters as one segment each (constrained where the spec
 * says so), one optional trailing slash. A compiled RegExp, because matching runs on every
 * page request and URLPattern costs tens of microseconds a call.
 */
export function compileRoute(route: string): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  const body = route
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escapeRegExp(segment)}`;
      const name = segment.slice(1);
      params.push(name);
      return `/(${PARAM_PATTERNS[name] ?? '[^/]+'})`;
    })
    .join('');
  return { pattern: new RegExp(`^${body}/?$`), params };
}

/** Static segments sort before parameters, position by position; then the longer route first. */
export function compareRoutes(a: string, b: string): number {
  const sa = a.split('/').filter(Boolean);
  const sb = b.split('/').filter(Boolean);
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = (sa[i] ?? '').startsWith(':');
    const pb = (sb[i] ?? '').startsWith(':');
    if (pa !== pb) return pa ? 1 : -1;
  }
  if (sa.length !== sb.length) return sb.length - sa.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The ordered route table; two handlers for the same route are an error. */
export function buildRouteTable(handlerNames: readonly string[]): RouteEntry[] {
  const byRoute = new Map<string, string>();
  for (const raw of handlerNames) {
    const handlerId = raw.replace(/^\.?\/+/, '').replace(/\.(js|jsx|ts|tsx)$/, '');
    const route = routeFromHandler(handlerId);
    const taken = byRoute.get(route);
    if (taken !== undefined) throw new RouteError(`Handlers ${taken} and ${handlerId} both serve ${route}`);
    byRoute.set(route, handlerId);
  }
  return [...byRoute.entries()].sort(([a], [b]) => compareRoutes(a, b)).map(([route, handlerId]) => ({ handlerId, route, ...compileRoute(route) }));
}

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The first route (in table order) that matches the whole pathname, or null. */
export function matchRoute(table: readonly RouteEntry[], pathname: string): RouteMatch | null {
  for (const entry of table) {
    const found = entry.pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    entry.params.forEach((name, i) => {
      params[name] = decodeParam(found[i + 1] ?? '');
    });
    return { handlerId: entry.handlerId, route: entry.route, params };
  }
  return null;
}

/** Turns a glob key such as `./routes/pin/[id].tsx` into the handler name `pin/[id]`. */
export function handlerNameFromPath(path: string, folder = 'routes'): string {
  const marker = `/${folder}/`;
  const at = path.lastIndexOf(marker);
  const rest = at >= 0 ? path.slice(at + marker.length) : path;
  return rest.replace(/\.(js|jsx|ts|tsx)$/, '');
}
