/* global self */
// The back office's service worker (docs/notifications.md): shows the Web Push notifications the api
// sends (title, body, link, critical) and opens the screen that explains one when it is clicked. It
// caches nothing: the app works as before without it.

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The screen to open, always on this origin (only the link's path is taken). */
function screenOf(link) {
  try {
    const url = new URL(link, self.location.origin);
    return new URL(url.pathname + url.search + url.hash, self.location.origin).href;
  } catch {
    return new URL('/user/notification', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch {
      data = { body: event.data.text() };
    }
  }
  const critical = data.critical === true;
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Back office', {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      // A critical alert stays on screen until the member acts on it.
      requireInteraction: critical,
      silent: false,
      timestamp: Date.now(),
      data: { link: screenOf(typeof data.link === 'string' ? data.link : '/user/notification') },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data && event.notification.data.link) || screenOf('/user/notification');
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (focused && 'navigate' in focused) return focused.navigate(target);
        return focused;
      }
      return self.clients.openWindow(target);
    }),
  );
});
