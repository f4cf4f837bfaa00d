/**
 * The service worker of news by push (docs/decisions/0053-push-and-email.md), served at the site
 * root so its scope is the whole site, from our origin so the CSP's script-src 'self' admits it. It
 * shows each push (the same tag replaces an older push of the same notification) and opens its
 * link on click, in a tab of ours already showing it if there is one. Plain script: a service
 * worker runs outside the page's bundle.
 */
export const PUSH_WORKER_PATH = '/push-worker.js';

export const PUSH_WORKER_SOURCE = `'use strict';
self.addEventListener('push', (event) => {
  let news = {};
  try {
    news = event.data ? event.data.json() : {};
  } catch {
    news = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(news.title || 'Corkboard', {
      body: news.body || '',
      tag: news.tag,
      icon: '/favicon.svg',
      data: { url: news.url || '/' },
    }),
  );
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  // Only our own pages: a push names a link of this site.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const open = tabs.find((tab) => tab.url === target.href);
      return open ? open.focus() : self.clients.openWindow(target.href);
    }),
  );
});
`;
