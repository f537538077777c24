// Nothing typed is lost: what is typed into a form marked data-draft (a round, a correction,
// a part entered together, a referee question) is kept on this phone (localStorage) as it is
// typed, and filled in again when the form is shown anew: after a reload, Back, leaving and
// reopening it, a language switch or an error page. A draft is dropped once the server has
// what it holds: a page of the game whose next round is past the draft's round (it was
// saved, here or on another phone), a form that shows exactly the draft (the part was saved),
// or a form whose round changed since (data-draft-stamp: corrected, deleted, re-entered).
// Keys: "<game>|new|<n>", "<game>|edit|<n>", "<game>|part|<n>|<who>", "ref|<address>|<question>".
// It runs before the picker and htmx (a deferred script in the head), so both see the
// restored fields as if the server had sent them.
(function () {
  "use strict";
  var PREFIX = "scorepad-draft|", LAST = "scorepad-draft-last", WEEK = 7 * 24 * 3600 * 1000;
  var store, session;
  try {
    store = window.localStorage;
    session = window.sessionStorage;
    store.setItem(PREFIX + "test", "1");
    store.removeItem(PREFIX + "test");
  } catch (e) {
    return;  // no storage (private mode, blocked): the server's round trips still keep values
  }

  function read(key) {
    try {
      var d = JSON.parse(store.getItem(PREFIX + key));
      return d && typeof d === "object" && d.values ? d : null;
    } catch (e) { return null; }
  }
  function drop(key) { store.removeItem(PREFIX + key); }
  function keys() {
    var out = [];
    for (var i = 0; i < store.length; i++) {
      var k = store.key(i);
      if (k && k.indexOf(PREFIX) === 0) out.push(k.slice(PREFIX.length));
    }
    return out;
  }

  // What a person typed or chose; hidden fields belong to the server (csrf, version, round),
  // but for how many meld fields a player has.
  function fields(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      if (!el.name || el.disabled || el.name === "csrf_token") return false;
      if (el.type === "hidden") return /^melds_\d+$/.test(el.name);
      return !/^(submit|button|reset|file|image|password)$/.test(el.type);
    });
  }
  function snapshot(form) {
    var values = {};
    fields(form).forEach(function (el) {
      if (el.type === "radio") { if (el.checked) values[el.name] = el.value; }
      else if (el.type === "checkbox") values[el.name] = el.checked;
      else values[el.name] = el.value;
    });
    return values;
  }
  function same(a, b) {
    var ka = Object.keys(a).filter(function (k) { return !/^melds_/.test(k); }).sort();
    var kb = Object.keys(b).filter(function (k) { return !/^melds_/.test(k); }).sort();
    if (ka.join("\n") !== kb.join("\n")) return false;
    return ka.every(function (k) { return a[k] === b[k]; });
  }
  function save(form) {
    var key = form.dataset.draft;
    try {
      store.setItem(PREFIX + key, JSON.stringify({
        t: Date.now(), stamp: form.dataset.draftStamp || "", values: snapshot(form)}));
      session.setItem(LAST, JSON.stringify({key: key, path: new URL(form.action, location.href).pathname}));
    } catch (e) { /* storage full: the form itself still holds the values */ }
  }

  // A meld field the server did not send (it was added with "+ another meld" before the
  // reload): a copy of the player's last meld field, renamed, with nothing checked yet.
  function addMeldField(form, player, upto) {
    var count = form.querySelector("input[type=hidden][name=melds_" + player + "]");
    var have = count ? parseInt(count.value, 10) || 1 : 1;
    for (var k = have; k <= upto; k++) {
      var from = "p" + player + "_meld" + (k - 1), to = "p" + player + "_meld" + k;
      var last = form.querySelector("#" + from);
      var slot = last && last.closest(".slot");
      if (!slot) return;
      var copy = slot.cloneNode(true);
      [copy].concat(Array.prototype.slice.call(copy.querySelectorAll("*"))).forEach(function (el) {
        ["id", "name", "for", "hx-vals", "hx-target"].forEach(function (a) {
          var v = el.getAttribute(a);
          if (v !== null) el.setAttribute(a, v.split(from).join(to));
        });
        el.removeAttribute("autofocus");
        el.removeAttribute("data-picker");
      });
      copy.querySelectorAll(".chips, .card-count").forEach(function (el) { el.remove(); });
      var check = copy.querySelector(".slot-check");
      if (check) check.innerHTML = "";
      var input = copy.querySelector("#" + to);
      input.value = "";
      input.setAttribute("aria-invalid", "false");
      var label = copy.querySelector("label[for='" + to + "']");
      if (label) label.textContent = label.textContent.replace(/\d+(?!.*\d)/, String(k + 1));
      slot.insertAdjacentElement("afterend", copy);
      if (count) count.value = String(k + 1);
    }
  }

  var pending = {};  // values of fields that arrive later (a meld's reading choice)
  function put(form, name, value) {
    var els = form.querySelectorAll("[name='" + name.replace(/'/g, "\\'") + "']");
    if (!els.length) return false;
    Array.prototype.forEach.call(els, function (el) {
      if (el.type === "hidden") return;
      if (el.type === "radio") el.checked = el.value === value;
      else if (el.type === "checkbox") el.checked = value === true;
      else {
        el.value = value;
        // A card field filled in again shows its chips and count (static/picker.js).
        el.dispatchEvent(new Event("draft-restored"));
      }
    });
    return true;
  }

  function restore(form, d) {
    Object.keys(d.values).forEach(function (name) {
      var m = name.match(/^p(\d+)_meld(\d+)$/);
      if (m && !form.querySelector("#" + name)) addMeldField(form, m[1], parseInt(m[2], 10));
    });
    var missing = {};
    Object.keys(d.values).forEach(function (name) {
      if (/^melds_\d+$/.test(name)) return;
      if (!put(form, name, d.values[name])) missing[name] = d.values[name];
    });
    pending[form.dataset.draft] = missing;
    form.classList.add("draft-restored");
    var note = document.getElementById("draft-note");
    if (note) {
      var shown = note.cloneNode(true);
      shown.removeAttribute("id");
      shown.hidden = false;
      shown.querySelector("button").addEventListener("click", function () {
        drop(form.dataset.draft);
        window.location.replace(window.location.pathname + window.location.search);
      });
      form.insertBefore(shown, form.firstChild);
    }
  }

  // How this page came: "navigate" (a link, a form sent), "reload" or "back_forward".
  function arrival() {
    try {
      var nav = performance.getEntriesByType("navigation")[0];
      return nav ? nav.type : "navigate";
    } catch (e) { return "navigate"; }
  }

  function start(form, swapped) {
    var key = form.dataset.draft;
    if (!key || form.dataset.draftSeen) return;
    form.dataset.draftSeen = "1";
    // The server's answer to what this phone just sent shows what was sent: kept as the
    // draft. A reload sends the old post again (and Back may show its old answer): what
    // was typed after it is in the draft, filled in as on any other page.
    if (form.dataset.draftPosted && (swapped || arrival() === "navigate")) {
      save(form);
      return;
    }
    var d = read(key);
    if (!d) return;
    if ((d.stamp || "") !== (form.dataset.draftStamp || "") || same(d.values, snapshot(form))) {
      drop(key);  // the round changed since, or the server holds exactly this
      return;
    }
    restore(form, d);
  }

  // A page of a game: drafts of rounds it has saved since are done.
  function sweep() {
    var game = document.body.dataset.game, next = parseInt(document.body.dataset.next, 10);
    keys().forEach(function (key) {
      var parts = key.split("|"), d = read(key);
      if (!d || Date.now() - d.t > WEEK) { drop(key); return; }
      if (game && parts[0] === game && (parts[1] === "new" || parts[1] === "part") &&
          parseInt(parts[2], 10) < next) drop(key);
    });
  }

  sweep();
  document.querySelectorAll("form[data-draft]").forEach(start);

  // An error page says that the draft is kept only where it is: the page answers a form
  // of this phone whose typing is kept.
  var kept = document.querySelector("[data-draft-kept]");
  if (kept) {
    try {
      var last = JSON.parse(session.getItem(LAST) || "null");
      if (last && last.path === location.pathname && read(last.key)) kept.hidden = false;
    } catch (e) { /* nothing known: nothing claimed */ }
  }

  function typed(e) {
    var form = e.target && e.target.form;
    if (form && form.dataset && form.dataset.draft) save(form);
  }
  document.addEventListener("input", typed, true);
  document.addEventListener("change", typed, true);
  document.addEventListener("submit", function (e) {
    if (e.target.dataset && e.target.dataset.draft) save(e.target);
  }, true);

  // Once htmx and the picker are ready: the restored cards are checked as if just typed.
  window.addEventListener("load", function () {
    document.querySelectorAll("form.draft-restored").forEach(function (form) {
      form.querySelectorAll(".cards-input").forEach(function (input) {
        if (input.value.trim()) input.dispatchEvent(new Event("cards-changed", { bubbles: true }));
      });
      if (form.hasAttribute("data-draft-recheck")) form.dispatchEvent(new Event("change", { bubbles: true }));
    });
  });
  // htmx swaps: a form it brings (a referee answer) is started; a reading choice that
  // was waiting for its meld's check is chosen again.
  document.addEventListener("htmx:afterSettle", function (e) {
    var root = e.target;
    if (!root || !root.querySelectorAll) return;
    if (root.matches && root.matches("form[data-draft]")) start(root, true);
    root.querySelectorAll("form[data-draft]").forEach(function (form) { start(form, true); });
    document.querySelectorAll("form.draft-restored").forEach(function (form) {
      var missing = pending[form.dataset.draft] || {};
      Object.keys(missing).forEach(function (name) {
        if (root.querySelector("[name='" + name + "']") && put(form, name, missing[name])) {
          delete missing[name];
          var input = form.querySelector("#" + name.replace(/_reading$/, ""));
          if (input) input.dispatchEvent(new Event("cards-changed", { bubbles: true }));
        }
      });
    });
  });
})();
