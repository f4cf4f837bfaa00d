/**
 * The same-site URL a click should navigate to inside the app, or null to let the browser
 * handle it (modifier keys, other windows, downloads, other origins).
 */
export function interceptableUrl(event: MouseEvent, origin: string): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(target instanceof HTMLAnchorElement)) return null;
  if ((target.target && target.target !== '_self') || target.hasAttribute('download')) return null;
  if (target.dataset['reload'] !== undefined) return null;
  const url = new URL(target.href);
  if (url.origin !== origin) return null;
  return url;
}

export function newEntryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}
