import { closeupToPreload, type CloseupViewer } from '../../shared/closeup-preload.ts';
import type { ResourceStore } from '../data/resource-store.ts';
import { resolveRoute } from '../router/route-table.ts';
import { preloadCloseup } from './closeup-query.ts';

/** A pointer that reached a pin's link and no other for this long is taken as the intent to open it. */
export const HOVER_INTENT_MS = 120;

function sameSiteLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  return link instanceof HTMLAnchorElement && link.origin === window.location.origin ? link : null;
}

/**
 * Starts the closeup's queries as soon as the viewer is about to open a pin: the pointer settles
 * on its link, the link is focused, pressed or followed, or the history goes back to a pin.
 * Answers the function that stops listening.
 */
export function listenForCloseupIntent(store: ResourceStore, viewer: CloseupViewer, experiments: Readonly<Record<string, string>>): () => void {
  const preload = (url: URL) => {
    const pinId = closeupToPreload(resolveRoute(url.pathname), experiments);
    // A failed preload leaves the page to ask again.
    if (pinId) preloadCloseup(store, pinId, viewer).catch(() => undefined);
  };
  // The last link the pointer reached, once no other is reached for a moment. Leaving it for
  // no link does not cancel: a member's tile covers its link with the save overlay at once.
  let hover: { link: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | null = null;
  const onOver = (event: Event) => {
    const link = sameSiteLink(event.target);
    if (!link || hover?.link === link) return;
    if (hover) clearTimeout(hover.timer);
    const timer = setTimeout(() => {
      preload(new URL(link.href));
    }, HOVER_INTENT_MS);
    hover = { link, timer };
  };
  const onNow = (event: Event) => {
    const link = sameSiteLink(event.target);
    if (link) preload(new URL(link.href));
  };
  const onPop = () => {
    preload(new URL(window.location.href));
  };
  const now = ['pointerdown', 'focusin', 'click'] as const;
  document.addEventListener('pointerover', onOver);
  for (const type of now) document.addEventListener(type, onNow, true);
  window.addEventListener('popstate', onPop);
  return () => {
    if (hover) clearTimeout(hover.timer);
    document.removeEventListener('pointerover', onOver);
    for (const type of now) document.removeEventListener(type, onNow, true);
    window.removeEventListener('popstate', onPop);
  };
}
