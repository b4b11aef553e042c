// quirkat's service worker: the template. `cargo xtask offline` (Trunk's post_build hook) copies it
// into the build with the version and the file list filled in from the built files; nothing here
// lists a file by hand.
//
// One cache per build, filled at install with every file of that build (fetched past the HTTP
// cache: the worker's files keep their names from build to build). Requests are answered from this
// build's cache first; a navigation, whatever its query string, gets this build's index.html (or
// embed.html, for the embed page). A new
// build waits until the page asks it to take over (the user's click on "reload"), so a running page
// and its AI worker always come from one build; old builds' caches go when a new one activates.

const VERSION = '__QUIRKAT_VERSION__';
const FILES = __QUIRKAT_FILES__;
const CACHE = `quirkat-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('quirkat-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const page = new URL(request.url).pathname.endsWith('/embed.html') ? 'embed.html' : 'index.html';
      const hit = request.mode === 'navigate'
        ? await cache.match(page)
        : await cache.match(request, { ignoreSearch: true });
      return hit ?? fetch(request);
    }),
  );
});
