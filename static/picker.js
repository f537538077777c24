// The card picker: suit then ranks, the suit stays chosen, so a run costs one tap a card
// and any card at most two. It only writes the text field; the server reads and checks it.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var picker = document.getElementById("picker");
  if (!picker) return;
  var target = null, suit = null;
  var SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
  var nameEl = document.getElementById("picker-target-name");
  var byEl = document.getElementById("picker-by");
  var RANKS = JSON.parse(picker.dataset.ranks || "{}");
  var WILD = picker.dataset.wild || "", WILD_WORD = picker.dataset.wildWord || "wild";

  // The server's reading: a card stops at a space, comma, semicolon or dash (♣B–♣D–JK).
  function tokens(text) { return (text || "").match(/[^\s,;@\-–—]+(@[^\s,;]+)?/g) || []; }

  function render(input) {
    var box = input.parentNode.querySelector(".chips");
    if (!box) {
      box = document.createElement("div");
      box.className = "chips";
      input.insertAdjacentElement("afterend", box);
    }
    box.innerHTML = "";
    tokens(input.value).forEach(function (tok, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "chip";
      var parts = tok.split("@"), card = parts[0];
      // Rank then suit (10h, B♥) or suit then rank (♥10): one chip a card, red or black;
      // anything else is shown as the text it is, marked, never drawn as a card.
      var m = card.match(/^(10|[2-9ajqkbdtAJQKBDT])([shdc♠♥♦♣])$/i), suitFirst = card.match(/^([♠♥♦♣])(10|[2-9ajqkbdAJQKBD])$/i);
      var rank = m ? m[1].toUpperCase() : (suitFirst ? suitFirst[2].toUpperCase() : "");
      var suitChar = m ? m[2] : (suitFirst ? suitFirst[1] : "");
      var label = card.toUpperCase() === "JK" ? "Joker" : (suitChar ? (RANKS[rank] || rank) + (SUITS[suitChar.toLowerCase()] || suitChar) : card);
      if (suitChar && /[hd♥♦]/i.test(suitChar)) b.classList.add("red");
      if (!suitChar && card.toUpperCase() !== "JK") b.classList.add("not-card");
      // 3-13: a card of the round's wild rank says so.
      var wild = WILD && suitChar && rank === WILD.toUpperCase() ? " " + WILD_WORD : "";
      if (wild) b.classList.add("wild");
      b.textContent = label + wild + (parts[1] ? " @" + parts[1] : "") + " ✕";
      b.setAttribute("aria-label", label + wild + " ✕");
      b.addEventListener("click", function () {
        var all = tokens(input.value);
        all.splice(i, 1);
        setValue(input, all.join(" "));
      });
      box.appendChild(b);
    });
  }

  function setValue(input, value) {
    input.value = value;
    render(input);
    keepVisible();
    input.dispatchEvent(new Event("cards-changed", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function add(card) {
    if (!target) return;
    var by = byEl && target.dataset.kind === "meld" && byEl.value ? "@" + byEl.value : "";
    setValue(target, tokens(target.value).concat([card + by]).join(" "));
  }

  // The field being filled, its chips and its verdict stay above the picker: scroll the
  // page (main has room below while picking) rather than cover them.
  function keepVisible() {
    if (!target || picker.hidden) return;
    var slot = target.closest(".slot") || target;
    var top = target.getBoundingClientRect().top, bottom = slot.getBoundingClientRect().bottom;
    var free = picker.getBoundingClientRect().top - 8;
    if (bottom > free) window.scrollBy(0, Math.min(bottom - free, top - 8));
    else if (top < 8) window.scrollBy(0, top - 8);
  }

  function close() {
    picker.hidden = true;
    document.body.classList.remove("picking");
  }

  // Inside the picker or a card field's own slot (its chips, its reading choice) the
  // picker stays; anywhere else (a number field, a button, the page) it closes.
  function staysOpen(el) {
    return !!el && el !== document.body &&
      (picker.contains(el) || !!(el.closest && el.closest(".slot") && el.closest(".slot").querySelector(".cards-input")));
  }

  function choose(input) {
    target = input;
    var label = input.closest(".slot").querySelector("label");
    var legend = input.closest("fieldset").querySelector("legend");
    nameEl.textContent = (legend ? legend.textContent + ": " : "") + (label ? label.textContent : "");
    if (byEl) byEl.parentNode.hidden = input.dataset.kind !== "meld";
    picker.hidden = false;
    document.body.classList.add("picking");
    keepVisible();
  }

  function setup(root) {
    root.querySelectorAll(".cards-input").forEach(function (input) {
      if (input.dataset.picker) return;
      input.dataset.picker = "1";
      input.setAttribute("inputmode", "text");
      input.addEventListener("focus", function () { choose(input); });
      // A tap on the field in focus (after the picker was closed) opens it again.
      input.addEventListener("click", function () { if (picker.hidden || target !== input) choose(input); });
      input.addEventListener("input", function () { render(input); });
      render(input);
      // A field focused before this script ran ("+ another meld") gets the picker too.
      if (document.activeElement === input) choose(input);
    });
  }

  picker.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b) return;
    if (b.dataset.suit) {
      suit = suit === b.dataset.suit ? null : b.dataset.suit;
      picker.querySelectorAll("[data-suit]").forEach(function (x) {
        x.setAttribute("aria-pressed", String(x.dataset.suit === suit));
      });
    } else if (b.dataset.rank) {
      if (suit) add(b.dataset.rank + suit);
      else picker.classList.add("need-suit");
    } else if (b.dataset.card) {
      add(b.dataset.card);
    } else if (b.dataset.action === "undo" && target) {
      var all = tokens(target.value);
      all.pop();
      setValue(target, all.join(" "));
    } else if (b.dataset.action === "close") {
      close();
    }
    if (suit) picker.classList.remove("need-suit");
  });
  // Keep the text field's keyboard closed while the picker is in use.
  picker.addEventListener("mousedown", function (e) { e.preventDefault(); });

  document.addEventListener("focusin", function (e) {
    if (!picker.hidden && !staysOpen(e.target)) close();
  });
  document.addEventListener("focusout", function () {
    // A tap on the page itself moves focus to nothing: the card field was left.
    setTimeout(function () {
      var now = document.activeElement;
      if (!picker.hidden && (!now || now === document.body)) close();
    }, 0);
  });
  // Removing a chip keeps the focus (and the picker) on the card field.
  document.addEventListener("mousedown", function (e) {
    if (e.target.closest && e.target.closest(".chips")) e.preventDefault();
  });

  setup(document);
  document.body.addEventListener("htmx:afterSettle", function (e) {
    setup(e.target);
    if (target && e.target.contains && (e.target.contains(target) || e.target.id === "check-" + target.id)) keepVisible();
  });
})();
