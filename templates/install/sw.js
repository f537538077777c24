// Scorepad's service worker, version {{ version }} (made by scorepad/views/install.py).
// Pages, fragments, polls and posts always come from the network: a score is never shown
// from memory. Kept here: the versioned static files (their address changes with their
// content) and the offline page, shown when a page cannot be reached.
"use strict";
var CACHE = "scorepad-{{ version }}";
var PRECACHE = {{ precache|tojson }};
var OFFLINE = {{ offline|tojson }};
var STATIC = {{ static|tojson }};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(PRECACHE);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("scorepad-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function offlinePage() {
  var lang = String((self.navigator && self.navigator.language) || "en").slice(0, 2).toLowerCase();
  return caches.match(OFFLINE[lang] || OFFLINE.en);
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // The page from the server, always; only when it cannot be reached, the offline page.
    event.respondWith(fetch(request).catch(offlinePage));
    return;
  }
  if (url.pathname.indexOf(STATIC) === 0 && url.searchParams.has("v")) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (kept) {
        return kept || fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    }));
  }
  // Anything else (polls, fragments, the API): the network, as if there were no worker.
});
