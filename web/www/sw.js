// The page's service worker: every file of the page is kept in the browser's
// cache at the first visit, so the page loads and plays with the network off.
// The network comes first while there is one (a new build is taken at once);
// the cache answers when there is none.
const CACHE = "puzzles";
const FILES = [
  "./", "index.html", "style.css", "app.js", "util.js", "solver.js", "worker.js", "puzzles.wasm",
  "games/lightsout.js", "games/revertigo.js", "games/knight.js", "games/sudoku.js",
  "manifest.webmanifest", "icon.svg", "icon-192.png", "icon-512.png",
];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET" || !e.request.url.startsWith(self.location.origin)) return;
  e.respondWith(
    fetch(e.request)
      .then((r) => {
        if (r.ok) {
          const copy = r.clone();
          caches.open(CACHE).then((c) => c.put(e.request, copy));
        }
        return r;
      })
      .catch(() => caches.match(e.request, { ignoreSearch: true }).then((r) => r || caches.match("index.html"))),
  );
});
