import { isEnabledGroup } from './session-refresh.ts';

/**
 * Viewer spec section 7: "The pin page preloads the page and detail queries when the graph-query
 * experiment is on", and section 4: on each route change the pin page queries are preloaded for
 * pin routes when the experiment check passes. Pure, so the rule is tested without a browser.
 */

export const CLOSEUP_GRAPH_QUERY_EXPERIMENT = 'web_closeup_graph_query';

/** The handler of the pin page (src/web/routes/pin/[id].tsx). */
export const PIN_HANDLER = 'pin/[id]';

/** Spec section 6: a group starting with enabled or employee is on; a viewer outside the experiment is off. */
export function closeupGraphQueryOn(experiments: Readonly<Record<string, string>>): boolean {
  const group = experiments[CLOSEUP_GRAPH_QUERY_EXPERIMENT];
  return group !== undefined && isEnabledGroup(group);
}

export type CloseupViewer = { isAuthenticated: boolean; isMobile: boolean };

/** CloseupDetailQuery's variables; the preload and the page must ask the same, or the cache misses. */
export function closeupDetailVariables(pinId: string, viewer: CloseupViewer): { pinId: string; isAuth: boolean; isDesktop: boolean } {
  return { pinId, isAuth: viewer.isAuthenticated, isDesktop: !viewer.isMobile };
}

export function closeupPageVariables(pinId: string, viewer: CloseupViewer): { pinId: string; isAuth: boolean } {
  return { pinId, isAuth: viewer.isAuthenticated };
}

/** The pin a route opens, when the route is the pin page and the experiment is on; else nothing to preload. */
export function closeupToPreload(
  match: { handlerId: string; params: Readonly<Record<string, string>> } | null,
  experiments: Readonly<Record<string, string>>,
): string | null {
  if (!match || match.handlerId !== PIN_HANDLER || !closeupGraphQueryOn(experiments)) return null;
  return match.params['id'] || null;
}
