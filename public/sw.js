/* Coinlens service worker: shows announcement notifications (Web Push) and opens them on click.
 * The server sends JSON { title, body, url, tag } (src/server/notify/push.ts). Self-contained:
 * no imports, no caching of pages. */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A same-origin URL for a path the server sent; anything else opens the home page. */
function sameOrigin(path) {
  try {
    const url = new URL(path || '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

self.addEventListener('push', (event) => {
  let msg = {};
  try {
    msg = event.data ? event.data.json() : {};
  } catch {
    msg = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof msg.title === 'string' && msg.title ? msg.title : 'Coinlens';
  const options = {
    body: typeof msg.body === 'string' ? msg.body : '',
    data: { url: sameOrigin(msg.url) },
    tag: typeof msg.tag === 'string' && msg.tag ? msg.tag : undefined,
    icon: '/favicon.svg',
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOrigin(event.notification.data?.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (w.url === url && 'focus' in w) return w.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
