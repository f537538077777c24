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
// view) the screen stays on while the page is visible. With the Screen Wake Lock API (a
// secure origin: HTTPS or localhost) the page asks for a lock; without it (plain HTTP on the
// LAN) it plays a tiny muted looping video (static/media/awake.*), which phones keep the
// screen on for. Either is let go while the page is hidden and asked for again when it is
// shown. The switch turns it off on this phone (kept in localStorage); where neither works
// (the video is refused) the switch is hidden again: it promises nothing it cannot keep.
(function () {
  var place = document.querySelector("[data-awake]");
  if (!place) return;
  var toggle = place.querySelector("[data-awake-switch]");
  var KEY = "scorepad-awake";
  var api = "wakeLock" in navigator;
  var lock = null;
  var asking = false;
  var video = null;
  function wanted() {
    try {
      return window.localStorage.getItem(KEY) !== "off";
    } catch (e) {
      return true;
    }
  }
  function play() {
    if (!video) {
      video = document.createElement("video");
      video.className = "awake-video";
      video.muted = true;
      video.loop = true;
      video.playsInline = true;
      video.setAttribute("muted", "");
      video.setAttribute("playsinline", "");
      video.setAttribute("aria-hidden", "true");
      ["webm", "mp4"].forEach(function (kind) {
        var source = document.createElement("source");
        source.src = place.getAttribute("data-awake-" + kind);
        source.type = "video/" + kind;
        video.appendChild(source);
      });
      document.body.appendChild(video);
    }
    var playing = video.play();
    if (playing && playing.catch) playing.catch(function () {
      place.hidden = true;  // refused (no autoplay): nothing is promised
    });
  }
  function acquire() {
    if (!wanted() || document.visibilityState !== "visible") return;
    if (!api) {
      play();
      return;
    }
    if (lock || asking) return;
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
    if (video) video.pause();
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
// phone locked): no request at all. When the page is shown again, brought back by Back (the
// back/forward cache keeps the page as it was left, also while the Wi-Fi is down) or the
// phone is online again, every poll asks at once ("poll-now"), so the page catches up
// without waiting for the next tick.
(function () {
  function polls(element) {
    return !!(element && element.getAttribute && /^\s*every\b/.test(element.getAttribute("hx-trigger") || ""));
  }
  function now() {
    if (document.visibilityState !== "visible" || !window.htmx) return;
    document.querySelectorAll("[hx-trigger]").forEach(function (element) {
      if (polls(element)) window.htmx.trigger(element, "poll-now");
    });
  }
  document.addEventListener("htmx:confirm", function (event) {
    if (document.visibilityState === "hidden" && polls(event.detail.elt)) event.preventDefault();
  });
  document.addEventListener("visibilitychange", now);
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) now();
  });
  window.addEventListener("online", now);
})();

// Sums in number fields: a hand counted card by card ("10+10+7+3", "45−10") shows its
// total beside the field as it is typed. What is typed stays as typed; the server adds it
// up again with the same rule (scorepad/game/points.py whole_sum), and refuses anything
// else: the field carries the rule's pattern in its data-sum attribute (SUM_PATTERN).
(function () {
  function total(field) {
    var text = field.value.replace(/\s/g, "").replace(/\u2212/g, "-");
    var sum = new RegExp("^(?:" + field.getAttribute("data-sum") + ")$");
    if (!sum.test(text) || !/[0-9][+-]/.test(text)) return null;
    var sum = 0;
    text.match(/[+-]?[0-9]+/g).forEach(function (term) { sum += parseInt(term, 10); });
    return sum;
  }
  // A long sum is read whole ("50+10+10+5+5", not "50+10+1"): its text shrinks until it
  // fits the field, down to 60 % of the field's own size; longer still, the field
  // takes the whole row (its label: .wide) and shrinks there down to half.
  function shrink(field, least) {
    field.style.fontSize = "";
    var size = parseFloat(getComputedStyle(field).fontSize);
    for (var step = size; field.scrollWidth > field.clientWidth + 1 && step > size * least; ) {
      step = Math.max(size * least, step * 0.92);
      field.style.fontSize = step + "px";
    }
    return field.scrollWidth <= field.clientWidth + 1;
  }
  function fit(field) {
    var label = field.closest("label");
    if (label) label.classList.remove("wide");
    if (!shrink(field, 0.6) && label) {
      label.classList.add("wide");
      shrink(field, 0.5);
    }
  }
  function show(field) {
    fit(field);
    var next = field.nextElementSibling;  // under the field and its + button
    var place = next && next.classList.contains("plus") ? next : field;
    var shown = place.parentNode && place.parentNode.querySelector("output[data-sum-of='" + field.name + "']");
    var sum = total(field);
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

// The outbox, the same on every origin (plain HTTP on the LAN has no service worker): a form
// marked data-outbox (a round, a correction, a part, a round entered together) is saved
// through this script. Its body is first kept on this phone (IndexedDB, under its write id),
// then sent; when the server cannot be reached it stays kept, the page says "Not sent yet",
// and it is sent again without a tap: by this page (when the phone is online again and every
// 3 s) or by any page of Scorepad opened later, also after the browser was closed (the form's
// write token stands in for the session's CSRF token, scorepad/web/outbox.py). The server
// saves a write id once, however often it comes. A saved write leads this page where the
// form would have (the server names it in X-Scorepad-Location); a refused one (the round
// number was taken, a mistake) is posted again as a form, so the page shows the server's
// answer with what was typed. Without this script (or IndexedDB) the form posts as usual.
(function () {
  var note = document.getElementById("outbox-note");
  if (!note || !window.scorepadOutbox || !window.indexedDB || !window.fetch) return;
  var mine = {};  // write ids kept by this page: when saved, the page goes where they lead
  var again = null;
  var flushing = null;
  var outbox = window.scorepadOutbox;  // static/outbox-db.js

  function say(text) {
    var first = note.hidden;
    note.textContent = text;
    note.hidden = false;
    if (first) note.scrollIntoView({block: "center"});
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
  // One write sent: it leaves the outbox once answered. Saved: where it leads (to). Answered
  // with a page (status): a refusal (4xx: the number was taken, a mistake) or nothing to do
  // (2xx: the same round was saved already). No answer or a server error: it stays.
  function send(item) {
    return fetch(item.url, {method: "POST", body: item.body, credentials: "same-origin",
                            headers: {"Content-Type": item.type, "X-Scorepad-Outbox": "1"}})
      .then(function (response) {
        if (response.status >= 500) return {item: item, kept: true};
        return outbox("writes", "readwrite", function (store) { return store.delete(item.id); }).then(function () {
          return {item: item, to: response.headers.get("X-Scorepad-Location"), status: response.status};
        });
      }, function () {
        return {item: item, kept: true};
      });
  }
  function flush() {
    if (again) {
      clearTimeout(again);
      again = null;
    }
    if (flushing) return flushing;
    flushing = outbox("writes", "readonly", function (store) { return store.getAll(); }).then(function (items) {
      items.sort(function (a, b) { return a.at - b.at; });
      var results = [];
      return items.reduce(function (done, item) {
        return done.then(function () { return send(item); }).then(function (r) { results.push(r); });
      }, Promise.resolve()).then(function () { return results; });
    }).then(function (results) {
      flushing = null;
      answered(results);
    }, function () {
      flushing = null;
    });
    return flushing;
  }
  // Where a saved write leads. The same page with another anchor (a part saved: its page
  // #status) is loaded anew: assigning it would only scroll.
  function go(to) {
    var next = new URL(to, location.href);
    if (next.pathname + next.search !== location.pathname + location.search) {
      location.assign(next.href);
      return;
    }
    history.replaceState(history.state, "", next.href);
    location.reload();
  }
  // What the page shows: the answer to a write it kept itself (the game with the round
  // saved, or the server's page, posted again as the form to show it); the refusal of a
  // write another page kept (shown the same way, so that nothing typed is dropped); else
  // whether something still waits.
  function answered(results) {
    var kept = !!document.querySelector("[data-kept]");  // the service worker's page for a kept form
    function ours(r) { return kept || mine[r.item.id]; }
    var refused = results.filter(function (r) {
      return !r.kept && !r.to && (ours(r) || r.status >= 400);
    });
    var saved = results.filter(function (r) { return r.to && ours(r); });
    var waiting = results.filter(function (r) { return r.kept; });
    if (refused.length) {
      post(refused[0].item);
    } else if (saved.length) {
      go(saved[saved.length - 1].to);
    } else if (waiting.length) {
      say(note.getAttribute("data-waiting"));
      again = setTimeout(flush, 3000);
    } else if (results.length || !note.hidden) {
      say(note.getAttribute("data-sent"));  // sent, here or by another page meanwhile
    }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.hasAttribute || !form.hasAttribute("data-outbox")) return;
    var button = event.submitter;
    if (button && button.name === "action" && button.value !== "save") return;  // a check, not a write
    var id = form.elements.write_id && form.elements.write_id.value;
    if (!id) return;
    event.preventDefault();
    var data = new FormData(form);
    if (button && button.name) data.append(button.name, button.value);
    // form.action would be the buttons named "action": the attribute is read.
    var url = new URL(form.getAttribute("action") || "", location.href).href;
    var item = {id: id, url: url, body: new URLSearchParams(data).toString(),
                type: "application/x-www-form-urlencoded", at: Date.now()};
    mine[id] = true;
    outbox("writes", "readwrite", function (store) { return store.put(item); }).then(flush, function () {
      post(item);  // nowhere to keep it: sent as a form, as without this script
    });
  });
  // The language of this page, for the service worker's offline page (where it runs).
  outbox("prefs", "readwrite", function (store) {
    return store.put({name: "lang", value: document.documentElement.lang});
  }).catch(function () {});
  window.addEventListener("online", flush);
  flush();
})();

// Not installable here (plain HTTP on the LAN: no service worker): the page says how to put
// Scorepad on the home screen all the same (the browser's own menu).
(function () {
  var hint = document.querySelector("[data-install-hint]");
  if (!hint || (window.isSecureContext && "serviceWorker" in navigator)) return;
  if (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches) return;
  hint.hidden = false;
})();

// The first dealer is chosen by name: a select marked data-names-of="player_" names its k-th
// choice after the k-th player field that holds a name, as the names are typed (the server
// writes "Player 2" for a name not typed yet, and the same names after a refused form).
(function () {
  function follow(select) {
    var prefix = select.getAttribute("data-names-of");
    var fields = Array.prototype.slice.call(
      document.querySelectorAll("input[name^='" + prefix + "']"));
    var names = fields.map(function (f) { return f.value.trim().replace(/\s+/g, " "); })
      .filter(function (n) { return n; });
    Array.prototype.forEach.call(select.options, function (option, k) {
      option.text = names[k] || option.getAttribute("data-unnamed") || option.text;
    });
  }
  function all() {
    document.querySelectorAll("select[data-names-of]").forEach(function (select) {
      follow(select);
      var prefix = select.getAttribute("data-names-of");
      select.form && select.form.addEventListener("input", function (event) {
        if (event.target.name && event.target.name.indexOf(prefix) === 0) follow(select);
      });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
})();
