// Coinlens service worker (Web Push, installable app). A plain file served from the site
// root so its scope is the whole app; the CSP allows it (`worker-src 'self'`). No fetch handler
// and no cache: every request goes to the network as without a worker (decision 086).
//
// `push`: the alert the server sent (JSON {title, body, url, tag}, encrypted by the push service
// hop and decrypted by the browser) is shown as a notification; a delivery sent twice has the same
// tag and replaces the first. `notificationclick`: focuses a tab of the app already on that page
// (or any tab of the app, navigated there), else opens the page.

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', function (event) {
  var data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  var title = typeof data.title === 'string' && data.title ? data.title : 'Coinlens';
  var url = typeof data.url === 'string' ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url: url },
    }),
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var raw = (event.notification.data && event.notification.data.url) || '/';
  var target;
  try {
    target = new URL(raw, self.location.origin);
  } catch {
    target = new URL('/', self.location.origin);
  }
  // Only pages of this app are opened from a notification.
  if (target.origin !== self.location.origin) target = new URL(target.pathname + target.search + target.hash, self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
      var same = list.filter(function (c) {
        return c.url === target.href;
      })[0];
      if (same && 'focus' in same) return same.focus();
      var any = list.filter(function (c) {
        return new URL(c.url).origin === self.location.origin && 'navigate' in c;
      })[0];
      if (any) {
        return any.focus().then(function (c) {
          return (c || any).navigate(target.href);
        });
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
