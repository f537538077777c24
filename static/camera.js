// The camera button of a card field: the cards laid out on the table, photographed, are read
// by the server (POST /api/v1/cards/read, the reader of the API) and ADDED to the field as
// text in the notation the picker writes on the page (Kh 10s JK; German Bs Dh), as if typed:
// the chips, the count, the checks and
// Save then work as they do for typing. Nothing is saved here; a card the reader was unsure
// of is marked (data-unsure, shown by the picker's chips and said in a line below).
// The phone's own camera opens through a file input (capture), which works on the table's
// plain-HTTP address; the photo is scaled down on the phone (and its metadata, where it was
// taken, left behind) before it is sent. Without JavaScript there is no button.
(function () {
  "use strict";
  var page = document.getElementById("camera");
  if (!page || !window.fetch || !window.FormData || !window.Promise) return;
  var W = page.dataset;
  // The rank letters the picker writes on this page (German B and D), from the server's one
  // rule (scorepad/words/cards.py written_ranks): the reader's codes are written in them.
  var RANKS = JSON.parse(W.ranks || "{}");
  function written(code) {
    var m = /^(.+)([shdc])$/.exec(code);
    return m && RANKS[m[1]] ? RANKS[m[1]] + m[2] : code;
  }
  var LONGEST = 1280, QUALITY = 0.85, MAX_BYTES = 8 * 1024 * 1024;
  // Every field that holds cards only (a lay-off line names a meld too: typed, not read).
  var FIELDS = ".cards-input:not([data-kind=layoff]), [data-camera]";
  var ICON = '<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path fill="currentColor" ' +
    'd="M9 3 7.2 5H4a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9zm3 ' +
    '4.5a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"/></svg>';

  // A picture the browser can draw: an ImageBitmap turned upright, or an <img>.
  function decode(file) {
    if (window.createImageBitmap) {
      try {
        return createImageBitmap(file, { imageOrientation: "from-image" }).catch(function () { return viaImg(file); });
      } catch (e) { /* an older browser: through an <img> */ }
    }
    return viaImg(file);
  }
  // Through a data: address, which the page's Content-Security-Policy lets an <img> load
  // (a blob: address it does not).
  function viaImg(file) {
    return new Promise(function (resolve, reject) {
      var reader = new FileReader(), img = new Image();
      img.onload = function () { resolve(img); };
      img.onerror = function () { reject(new Error("not an image")); };
      reader.onload = function () { img.src = reader.result; };
      reader.onerror = function () { reject(new Error("not read")); };
      reader.readAsDataURL(file);
    });
  }
  // The photo as sent: a JPEG whose longest side is at most LONGEST. A file the browser
  // cannot draw goes as it is, and the server says what it is.
  function shrink(file) {
    return decode(file).then(function (pic) {
      var w = pic.width || pic.naturalWidth, h = pic.height || pic.naturalHeight;
      var scale = Math.min(1, LONGEST / Math.max(w, h));
      var canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(w * scale));
      canvas.height = Math.max(1, Math.round(h * scale));
      canvas.getContext("2d").drawImage(pic, 0, 0, canvas.width, canvas.height);
      if (pic.close) pic.close();
      return new Promise(function (resolve) {
        canvas.toBlob(function (blob) { resolve(blob || file); }, "image/jpeg", QUALITY);
      });
    }, function () { return file; });
  }

  // The marks outlive a Check (a page the server sends anew) for as long as this tab is open:
  // kept by the form's draft key (a round, a part, a referee question) and the field.
  function markKey(field) {
    var form = field.form;
    return "scorepad-unsure|" + ((form && form.dataset.draft) || location.pathname) + "|" + (field.id || field.name);
  }
  function keepMarks(field) {
    try { window.sessionStorage.setItem(markKey(field), field.dataset.unsure || ""); } catch (e) { /* not kept */ }
  }
  function restoreMarks(field) {
    var kept = null;
    try { kept = window.sessionStorage.getItem(markKey(field)); } catch (e) { return; }
    if (!kept) return;
    field.dataset.unsure = kept;
    field.dispatchEvent(new Event("cards-marked"));  // the chips show the marks (picker.js)
  }

  function say(box, text, kind) {
    box.note.textContent = text;
    box.note.className = "camera-note" + (kind ? " " + kind : "");
    box.note.hidden = !text;
  }

  function fill(field, cards) {
    // Left to right as they lie (a meld reads in table order), then top to bottom.
    cards.sort(function (a, b) { return (a.box[0] - b.box[0]) || (a.box[1] - b.box[1]); });
    var words = cards.map(function (c) { return written(c.card); });
    var value = field.value.replace(/\s+$/, "");
    if (field.tagName === "TEXTAREA") value += (value ? "\n" : "") + words.join(" ");
    else value += (value ? " " : "") + words.join(" ");
    field.value = value;
    var unsure = cards.filter(function (c) { return c.unsure; })
      .map(function (c) { return written(c.card); });
    if (unsure.length) {
      field.dataset.unsure = ((field.dataset.unsure || "") + " " + unsure.join(" ")).trim();
      keepMarks(field);
    }
    // As if typed: the chips and the count (picker.js), the draft (draft.js), the checks (htmx).
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("cards-changed", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return unsure;
  }

  function failure(status) {
    if (status === 413) return W.tooBig;
    if (status === 415 || status === 422) return W.unreadable;
    if (status === 429) return W.limited;
    return W.failed;
  }

  function read(field, box, file) {
    box.button.disabled = true;
    box.root.setAttribute("aria-busy", "true");
    box.root.classList.add("busy");
    say(box, W.busy, "busy");
    shrink(file).then(function (photo) {
      if (photo.size > MAX_BYTES) return { status: 413 };
      var form = new FormData();
      form.append("photo", photo, photo === file ? (file.name || "photo") : "photo.jpg");
      return fetch(W.url, { method: "POST", body: form, credentials: "same-origin",
                            headers: { "Accept": "application/json" } })
        .then(function (response) {
          if (!response.ok) return { status: response.status };
          return response.json().then(function (body) { return { status: 200, cards: body.cards || [] }; });
        });
    }).catch(function () { return { status: 0 }; }).then(function (answer) {
      box.button.disabled = false;
      box.root.removeAttribute("aria-busy");
      box.root.classList.remove("busy");
      if (answer.status !== 200) { say(box, failure(answer.status), "bad"); return; }
      if (!answer.cards.length) { say(box, W.none, "bad"); return; }
      var unsure = fill(field, answer.cards);
      var text = (answer.cards.length === 1 ? W.readOne : W.readMany).replace("{n}", answer.cards.length);
      if (unsure.length) text += " " + W.unsure.replace("{cards}", unsure.join(" "));
      say(box, text, unsure.length ? "unsure" : "ok");
    });
  }

  function setup(root) {
    if (!root.querySelectorAll) return;
    root.querySelectorAll(FIELDS).forEach(function (field) {
      if (field.dataset.camera === "1") return;
      field.dataset.camera = "1";
      restoreMarks(field);
      var root = document.createElement("div");
      root.className = "camera";
      var button = document.createElement("button");
      button.type = "button";
      button.className = "camera-button";
      button.innerHTML = ICON;
      var label = document.createElement("span");
      label.textContent = W.label;
      var helper = document.createElement("small");
      helper.textContent = W.helper;
      label.appendChild(helper);
      button.appendChild(label);
      // Several on a page: each says which field it fills.
      var named = field.id && document.querySelector("label[for='" + field.id + "']");
      if (named) button.setAttribute("aria-label", W.label + ", " + W.helper + ": " + named.textContent.trim());
      // No name: it is never part of the form. Its change is the camera's, not the form's.
      var input = document.createElement("input");
      input.type = "file";
      input.accept = "image/*";
      input.setAttribute("capture", "environment");
      input.hidden = true;
      input.dataset.cameraFor = field.id || "";
      var note = document.createElement("p");
      note.className = "camera-note";
      note.setAttribute("role", "status");
      note.hidden = true;
      root.appendChild(button);
      root.appendChild(input);
      root.appendChild(note);
      var box = { root: root, button: button, note: note };
      button.addEventListener("click", function () { input.click(); });
      input.addEventListener("change", function (e) {
        e.stopPropagation();
        var file = input.files && input.files[0];
        input.value = "";
        if (file) read(field, box, file);
      });
      input.addEventListener("input", function (e) { e.stopPropagation(); });
      var slot = field.closest(".slot");
      if (slot) slot.appendChild(root);
      else field.insertAdjacentElement("afterend", root);
    });
  }

  setup(document);
  // A part of the page swapped in by htmx (a referee question answered) gets its buttons.
  document.body.addEventListener("htmx:afterSettle", function (e) { setup(e.target); });
})();
