// Scorepad's service worker, version {{ version }} (made by scorepad/web/views/install.py).
// Pages, fragments, polls and posts always come from the network: a score is never shown
// from memory. Kept here: the versioned static files (their address changes with their
// content) and the offline page, shown when a page cannot be reached.
// The outbox is the pages' own (static/page.js), the same on every origin: a page saves its
// write forms through it, so the worker sees them only as requests to pass on. A form posted
// as a page all the same (before the page's script ran) while the server cannot be reached is
// kept here in the same store (IndexedDB "scorepad-outbox", under its write id), and the
// pages send it. The offline page speaks the language of the page seen last (kept by
// page.js), not only the phone's.
"use strict";
var CACHE = "scorepad-{{ version }}";
var PRECACHE = {{ precache|tojson }};
var OFFLINE = {{ offline|tojson }};
var KEPT = {{ kept|tojson }};
var STATIC = {{ static|tojson }};
importScripts({{ outbox_db|tojson }});  // scorepadOutbox(store, mode, work)
var outbox = scorepadOutbox;

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
  return language().then(function (lang) { return caches.match(OFFLINE[lang]); });
}

// The language of the page seen last (a language switch counts), else the phone's.
function language() {
  var phone = String((self.navigator && self.navigator.language) || "en").slice(0, 2).toLowerCase();
  return outbox("prefs", "readonly", function (store) { return store.get("lang"); }).then(function (kept) {
    return kept && OFFLINE[kept.value] ? kept.value : phone;
  }, function () { return phone; }).then(function (lang) { return OFFLINE[lang] ? lang : "en"; });
}

function keep(request) {
  return request.text().then(function (body) {
    var id = new URLSearchParams(body).get("write_id");
    var type = request.headers.get("Content-Type") || "";
    if (!id || type.indexOf("application/x-www-form-urlencoded") !== 0) return offlinePage();
    return outbox("writes", "readwrite", function (store) {
      return store.put({id: id, url: request.url, body: body, type: type, at: Date.now()});
    }).then(function () {
      return language().then(function (lang) { return caches.match(KEPT[lang]); });
    }, offlinePage);
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && request.mode === "navigate") {
    // A form sent while the server cannot be reached: kept, if it has a write id.
    var copy = request.clone();
    event.respondWith(fetch(request).catch(function () { return keep(copy); }));
    return;
  }
  if (request.method !== "GET") return;
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
