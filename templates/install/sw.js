// Scorepad's service worker, version {{ version }} (made by scorepad/web/views/install.py).
// Pages, fragments, polls and posts always come from the network: a score is never shown
// from memory. Kept here: the versioned static files (their address changes with their
// content) and the offline page, shown when a page cannot be reached.
// The outbox: a form with a write id (a round, a correction, a part) posted while the server
// cannot be reached is kept in IndexedDB and sent again, as it was, when the connection is
// back (a page asks, or Background Sync where the browser has it). The server answers a
// repeated write id with its first answer, so a write sent twice is saved once.
"use strict";
var CACHE = "scorepad-{{ version }}";
var PRECACHE = {{ precache|tojson }};
var OFFLINE = {{ offline|tojson }};
var KEPT = {{ kept|tojson }};
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
  return caches.match(OFFLINE[language()]);
}

function language() {
  var lang = String((self.navigator && self.navigator.language) || "en").slice(0, 2).toLowerCase();
  return OFFLINE[lang] ? lang : "en";
}

function outbox(mode, work) {
  return new Promise(function (resolve, reject) {
    var open = indexedDB.open("scorepad-outbox", 1);
    open.onupgradeneeded = function () { open.result.createObjectStore("writes", {keyPath: "id"}); };
    open.onerror = function () { reject(open.error); };
    open.onsuccess = function () {
      var tx = open.result.transaction("writes", mode);
      var asked = work(tx.objectStore("writes"));
      tx.oncomplete = function () { open.result.close(); resolve(asked && asked.result); };
      tx.onerror = function () { open.result.close(); reject(tx.error); };
    };
  });
}

function keep(request) {
  return request.text().then(function (body) {
    var id = new URLSearchParams(body).get("write_id");
    var type = request.headers.get("Content-Type") || "";
    if (!id || type.indexOf("application/x-www-form-urlencoded") !== 0) return offlinePage();
    return outbox("readwrite", function (store) {
      return store.put({id: id, url: request.url, body: body, type: type, at: Date.now()});
    }).then(function () {
      if (self.registration.sync) self.registration.sync.register("outbox").catch(function () {});
      return caches.match(KEPT[language()]);
    }, offlinePage);
  });
}

// One write sent again. Saved (2xx after redirects) or refused for good (a conflict, a
// mistake, an expired form): it leaves the outbox, and the page says what happened. No
// answer or a server error: it stays for the next try.
function send(item) {
  return fetch(item.url, {method: "POST", body: item.body, credentials: "same-origin",
                          headers: {"Content-Type": item.type}}).then(function (response) {
    var result = {id: item.id, url: item.url, status: response.status, to: response.url, body: item.body};
    if (response.status >= 500) {
      result.kept = true;
      return result;
    }
    return outbox("readwrite", function (store) { return store.delete(item.id); })
      .then(function () { return result; });
  }, function () {
    return {id: item.id, url: item.url, kept: true};
  });
}

var flushing = null;
function flush() {
  if (flushing) return flushing;
  flushing = outbox("readonly", function (store) { return store.getAll(); }).then(function (items) {
    items.sort(function (a, b) { return a.at - b.at; });
    var results = [];
    return items.reduce(function (done, item) {
      return done.then(function () { return send(item); }).then(function (r) { results.push(r); });
    }, Promise.resolve()).then(function () { return results; });
  }).then(function (results) {
    flushing = null;
    return results;
  }, function () {
    flushing = null;
    return [];
  });
  return flushing;
}

self.addEventListener("sync", function (event) {
  if (event.tag === "outbox") event.waitUntil(flush());
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  var source = event.source;
  if (data.type === "flush") {
    event.waitUntil(flush().then(function (results) {
      if (source) source.postMessage({type: "outbox", results: results});
    }));
  }
});

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
