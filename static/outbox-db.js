// The outbox's database on this phone, shared by the pages (static/page.js) and the service
// worker (/sw.js imports this file): "writes" holds the forms kept to be sent again, under
// their write id; "prefs" the language of the page seen last (for the worker's offline page).
// scorepadOutbox(store, mode, work): one transaction; resolves with what work's request found.
var scorepadOutbox = function (name, mode, work) {
  "use strict";
  return new Promise(function (resolve, reject) {
    var open = indexedDB.open("scorepad-outbox", 2);
    open.onupgradeneeded = function () {
      var db = open.result;
      if (!db.objectStoreNames.contains("writes")) db.createObjectStore("writes", {keyPath: "id"});
      if (!db.objectStoreNames.contains("prefs")) db.createObjectStore("prefs", {keyPath: "name"});
    };
    open.onerror = function () { reject(open.error); };
    open.onsuccess = function () {
      var tx = open.result.transaction(name, mode);
      var asked = work(tx.objectStore(name));
      tx.oncomplete = function () { open.result.close(); resolve(asked && asked.result); };
      tx.onerror = function () { open.result.close(); reject(tx.error); };
    };
  });
};
