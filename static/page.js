// Small things every page does; each works alone, and the page works without them.

// Tells the server this phone's time zone (the "tz" cookie), so that pages show times in it
// (scorepad/web/times.py). Until it has, times carry the server's zone name ("19:42 UTC").
(function () {
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (e) {
    return;
  }
  if (!zone || !/^[A-Za-z0-9_+\-\/]+$/.test(zone)) return;
  var now = document.cookie.match(/(?:^|;\s*)tz=([^;]*)/);
  if (now && now[1] === zone) return;
  document.cookie = "tz=" + zone + "; path=/; max-age=31536000; samesite=lax";
})();

// A list the reader opened (<details data-keep="…">, the history of changes) stays
// open when a live update replaces its part of the page (an htmx swap).
(function () {
  var open = [];
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    open = [];
    if (!target || !target.querySelectorAll) return;
    target.querySelectorAll("details[open][data-keep]").forEach(function (details) {
      open.push(details.getAttribute("data-keep"));
    });
  });
  document.addEventListener("htmx:afterSwap", function () {
    open.forEach(function (key) {
      document.querySelectorAll("details[data-keep]").forEach(function (details) {
        if (details.getAttribute("data-keep") === key) details.open = true;
      });
    });
    open = [];
  });
})();

// A field with a length limit (data-max-chars) says so as soon as what is typed passes it,
// in the words of data-max-note; nothing typed is ever cut. The server refuses it too.
(function () {
  function length(text) {
    return Array.from(text.trim().split(/\s+/).join(" ")).length;
  }
  document.addEventListener("input", function (event) {
    var field = event.target;
    if (!field || !field.hasAttribute || !field.hasAttribute("data-max-chars")) return;
    var max = parseInt(field.getAttribute("data-max-chars"), 10);
    var count = length(field.value);
    var note = field.nextElementSibling;
    var ours = note && note.hasAttribute("data-max-note-of");
    if (count <= max) {
      if (ours) note.remove();
      field.removeAttribute("aria-invalid");
      return;
    }
    if (!ours) {
      note = document.createElement("span");
      note.className = "field-error";
      note.setAttribute("role", "alert");
      note.setAttribute("data-max-note-of", field.name);
      field.insertAdjacentElement("afterend", note);
    }
    note.textContent = field.getAttribute("data-max-note").replace("{count}", count);
    field.setAttribute("aria-invalid", "true");
  });
})();

// Installable: the service worker (served from the root, so its scope is the whole site)
// keeps the versioned static files and an offline page; pages always come from the server.
(function () {
  var script = document.currentScript;
  var url = script && script.getAttribute("data-worker");
  if (!url || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(url).catch(function () {});
})();

// Awake while a game is open: on a page with [data-awake] (the game, a round, the table
// view) the screen stays on while the page is visible (Screen Wake Lock API). The browser
// lets go of the lock whenever the page is hidden, so it is asked for again each time the
// page is shown. The switch turns it off on this phone (kept in localStorage). Without the
// API the switch stays hidden and nothing else changes.
(function () {
  var place = document.querySelector("[data-awake]");
  if (!place || !("wakeLock" in navigator)) return;
  var toggle = place.querySelector("[data-awake-switch]");
  var KEY = "scorepad-awake";
  var lock = null;
  var asking = false;
  function wanted() {
    try {
      return window.localStorage.getItem(KEY) !== "off";
    } catch (e) {
      return true;
    }
  }
  function acquire() {
    if (lock || asking || !wanted() || document.visibilityState !== "visible") return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      if (!wanted() || document.visibilityState !== "visible") {
        sentinel.release();
        return;
      }
      lock = sentinel;
      sentinel.addEventListener("release", function () {
        if (lock === sentinel) lock = null;
      });
    }).catch(function () {
      asking = false; // refused (battery saver, no permission): the page works as before
    });
  }
  function release() {
    if (!lock) return;
    var sentinel = lock;
    lock = null;
    sentinel.release().catch(function () {});
  }
  toggle.checked = wanted();
  place.hidden = false;
  toggle.addEventListener("change", function () {
    try {
      window.localStorage.setItem(KEY, toggle.checked ? "on" : "off");
    } catch (e) { /* not kept: this page still follows the switch */ }
    if (toggle.checked) acquire(); else release();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") acquire(); else release();
  });
  acquire();
})();

// Live polling (hx-trigger "every …") rests while the page is hidden (another tab, the
// phone locked): no request at all. When the page is shown again every poll asks at once
// ("poll-now"), so the page catches up without waiting for the next tick.
(function () {
  function polls(element) {
    return !!(element && element.getAttribute && /^\s*every\b/.test(element.getAttribute("hx-trigger") || ""));
  }
  document.addEventListener("htmx:confirm", function (event) {
    if (document.visibilityState === "hidden" && polls(event.detail.elt)) event.preventDefault();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible" || !window.htmx) return;
    document.querySelectorAll("[hx-trigger]").forEach(function (element) {
      if (polls(element)) window.htmx.trigger(element, "poll-now");
    });
  });
})();

// Sums in number fields: a hand counted card by card ("10+10+7+3", "45−10") shows its
// total beside the field as it is typed. What is typed stays as typed; the server adds it
// up again with the same rule (scorepad/game/checks.py whole_sum), and refuses anything else.
(function () {
  var SUM = /^[+-]?[0-9]{1,7}([+-][0-9]{1,7}){0,99}$/;
  function total(text) {
    text = text.replace(/\s/g, "").replace(/\u2212/g, "-");
    if (!SUM.test(text) || !/[0-9][+-]/.test(text)) return null;
    var sum = 0;
    text.match(/[+-]?[0-9]+/g).forEach(function (term) { sum += parseInt(term, 10); });
    return sum;
  }
  function show(field) {
    var next = field.nextElementSibling;  // under the field and its + button
    var place = next && next.classList.contains("plus") ? next : field;
    var shown = place.parentNode && place.parentNode.querySelector("output[data-sum-of='" + field.name + "']");
    var sum = total(field.value);
    if (sum === null) {
      if (shown) shown.remove();
      return;
    }
    if (!shown) {
      shown = document.createElement("output");
      shown.className = "sum-total";
      shown.setAttribute("data-sum-of", field.name);
      if (field.id) shown.htmlFor = field.id;
      place.insertAdjacentElement("afterend", shown);
    }
    shown.textContent = "= " + String(sum).replace("-", "\u2212");
  }
  document.addEventListener("input", function (event) {
    var field = event.target;
    if (field && field.hasAttribute && field.hasAttribute("data-sum")) show(field);
  });
  // Phone number pads seldom have a + key: a "+" button beside each field (not the net
  // numbers, whose row has the ± button) adds one, and the typing goes on in the field.
  function plus(field) {
    if (field.classList.contains("net-input") || !field.hasAttribute("data-plus")) return;
    // Beside the field, which is never moved (a focused field moved in the page loses its
    // focus): the label lays the two out in a row (.with-plus).
    var label = field.closest("label");
    if (label) label.classList.add("with-plus");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "plus";
    button.textContent = "+";
    button.setAttribute("aria-label", field.getAttribute("data-plus"));
    // The field keeps the focus (and the phone its keyboard) while the button is tapped.
    button.addEventListener("pointerdown", function (event) { event.preventDefault(); });
    button.addEventListener("mousedown", function (event) { event.preventDefault(); });
    button.addEventListener("click", function () {
      var text = field.value.replace(/\s+$/, "");
      if (text && !/[+\-\u2212]$/.test(text)) field.value = text + "+";
      field.dispatchEvent(new Event("input", {bubbles: true}));  // kept as typed (draft.js)
      field.focus();
    });
    field.insertAdjacentElement("afterend", button);
  }
  function all() {
    document.querySelectorAll("input[data-sum]").forEach(function (field) {
      plus(field);
      show(field);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all); else all();
})();

// The colours of this phone: as the phone is set (prefers-color-scheme), light or dark,
// kept in localStorage and applied before drawing by static/theme.js.
(function () {
  var foot = document.querySelector("[data-theme-choice]");
  if (!foot) return;
  var choice = foot.querySelector("select");
  var KEY = "scorepad-theme";
  try {
    choice.value = window.localStorage.getItem(KEY) || "";
  } catch (e) {
    return; // nowhere to keep a choice: the page follows the phone
  }
  foot.hidden = false;
  choice.addEventListener("change", function () {
    var theme = choice.value;
    if (theme === "light" || theme === "dark") {
      window.localStorage.setItem(KEY, theme);
      document.documentElement.setAttribute("data-theme", theme);
    } else {
      window.localStorage.removeItem(KEY);
      document.documentElement.removeAttribute("data-theme");
    }
  });
})();

// The outbox (the service worker's, see /sw.js): a round, correction or part saved while the
// server could not be reached is kept on this phone and sent by itself when the connection
// is back. Each page asks the worker to send what it keeps: when it opens, when the phone
// is online again, and every few seconds while something waits. What was sent is said; a
// write the server refused (another phone saved that round meanwhile, a mistake) is posted
// again as a form, so the page shows the same choice as any conflict.
(function () {
  var workers = navigator.serviceWorker;
  var note = document.getElementById("outbox-note");
  if (!workers || !note) return;
  var again = null;
  function ask() {
    if (again) {
      clearTimeout(again);
      again = null;
    }
    if (workers.controller) workers.controller.postMessage({type: "flush"});
  }
  function say(text) {
    note.textContent = text;
    note.hidden = false;
  }
  function post(item) {
    var form = document.createElement("form");
    form.method = "post";
    form.action = item.url;
    form.hidden = true;
    new URLSearchParams(item.body).forEach(function (value, name) {
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = name;
      field.value = value;
      form.appendChild(field);
    });
    document.body.appendChild(form);
    form.submit();
  }
  workers.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type !== "outbox" || !data.results || !data.results.length) return;
    var waiting = data.results.filter(function (r) { return r.kept; });
    var refused = data.results.filter(function (r) { return !r.kept && (r.status < 200 || r.status >= 300); });
    var saved = data.results.filter(function (r) { return !r.kept && r.status >= 200 && r.status < 300; });
    if (refused.length) {
      post(refused[0]);
      return;
    }
    if (waiting.length) {
      if (!document.querySelector("[data-kept]")) say(note.getAttribute("data-waiting"));
      again = setTimeout(ask, 3000);
      return;
    }
    if (saved.length && document.querySelector("[data-kept]")) {
      window.location.replace(saved[saved.length - 1].to);  // the game, with the round saved
      return;
    }
    if (saved.length) say(note.getAttribute("data-sent"));
  });
  window.addEventListener("online", ask);
  if (workers.controller) ask(); else workers.ready.then(function () { setTimeout(ask, 0); });
})();
