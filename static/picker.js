// The card picker: suit then ranks (or ranks, then their suit). A field's suit stays chosen
// while that field is filled, so a run costs one tap a card and any card at most two; a new
// field starts without a suit. No tap is ever ignored: a rank without a suit waits for one.
// It only writes the text field; the server reads and checks it. A textarea (the melds of a
// part entered together) holds one meld a line.
// A lay-off is written one way on every page (docs/decisions.md): whose meld, a colon, the
// cards ("Anna 2: 9c"). The "onto" choice writes that head; the chips draw it as the meld the
// cards go onto (→ Anna 2), never as a card, and the count counts only the cards.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var picker = document.getElementById("picker");
  if (!picker) return;
  var target = null, suit = null, waiting = [];
  var suitOf = {};  // the suit chosen in each field, by the field's id
  var SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
  var nameEl = document.getElementById("picker-target-name");
  var byEl = document.getElementById("picker-by");  // onto whose meld (a lay-off)
  var waitEl = document.getElementById("picker-waiting");
  var lineEl = picker.querySelector("[data-action=line]");
  var RANKS = JSON.parse(picker.dataset.ranks || "{}");
  var WILD = picker.dataset.wild || "", WILD_WORD = picker.dataset.wildWord || "wild";
  var COUNT_ONE = picker.dataset.countOne || "{n}", COUNT_MANY = picker.dataset.countMany || "{n}";

  // The server's notations, handed over by the page from the engine's own tables
  // (scorepad/rules/cards.py notation(), the ones parse_card reads): rank then suit or suit
  // then rank, any case, German B and D, T for ten, p for Pik, hollow suit symbols, every
  // joker. The picker keeps no copy of its own.
  var NOTATION = JSON.parse(picker.dataset.notation || "{}");
  var JOKERS = {};
  (NOTATION.jokers || []).forEach(function (w) { JOKERS[w] = 1; });
  var SUIT_OF = NOTATION.suits || {}, RANK_OF = NOTATION.ranks || {};
  var INVISIBLE = Array.from(NOTATION.invisible || "");

  // The rank letters the picker writes, from the server's one rule, as the camera's
  // (scorepad/words/cards.py written_ranks, handed over by the page): German B and D where
  // the engine reads them back ("Bd Dd"), else none and the codes ("Jd Qd"). The chips keep
  // the page's letters (RANKS) either way.
  var WRITTEN = JSON.parse(picker.dataset.written || "{}");
  function written(rank, suitCode) { return (WRITTEN[rank] || rank) + suitCode; }

  // The players whose melds a lay-off may go onto, for reading a line's head ("Anna 2:").
  var NAMES = JSON.parse(picker.dataset.names || "[]");
  var LAYOFF = picker.dataset.layoff || "{name}: {cards}";
  function squash(t) { return t.trim().split(/\s+/).join(" ").toLowerCase(); }
  // A line's lay-off head, as the server reads it (scorepad/game/cardtext.py layoff_line):
  // a player's name, maybe a meld number, then a colon. Else null.
  function headOf(line) {
    var at = line.indexOf(":");
    if (at < 0) return null;
    var head = squash(line.slice(0, at)), meld = "";
    var m = /^(.*) (\d{1,2})$/.exec(head);
    var owner = NAMES.filter(function (n) { return squash(n) === head; })[0];
    if (!owner && m) {
      owner = NAMES.filter(function (n) { return squash(n) === m[1]; })[0];
      meld = owner ? m[2] : "";
    }
    return owner ? { owner: owner, meld: meld, text: line.slice(0, at + 1), rest: line.slice(at + 1) } : null;
  }

  function readCard(text) {
    INVISIBLE.forEach(function (ch) { text = text.split(ch).join(""); });
    var low = text.trim().toLowerCase();
    if (JOKERS[low]) return { joker: true };
    var chars = Array.from(low);
    if (chars.length < 2) return null;
    var tries = [[chars[0], chars.slice(1).join("")], [chars[chars.length - 1], chars.slice(0, -1).join("")]];
    for (var i = 0; i < tries.length; i++) {
      var s = SUIT_OF[tries[i][0]], r = RANK_OF[tries[i][1]];
      if (s && r) return { rank: r, suit: s };
    }
    return null;
  }

  // The server's reading: a card stops at a space, comma, semicolon or dash (♣B–♣D–JK); a
  // name after @ is typed as it is, spaces and all (9c@Anna Lena), as the server reads it.
  var JOIN = "\u2060";
  var SPACED = byEl ? Array.prototype.map.call(byEl.options, function (o) { return o.value; })
    .filter(function (n) { return /\s/.test(n); })
    .sort(function (a, b) { return b.length - a.length; })
    .map(function (n) {
      var words = n.trim().split(/\s+/).map(function (w) { return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); });
      return [new RegExp("@" + words.join("\\s+") + "(?=[\\s,;]|$)", "gi"), "@" + words.join(JOIN)];
    }) : [];
  function tokens(text) {
    text = text || "";
    SPACED.forEach(function (s) { text = text.replace(s[0], s[1]); });
    // The server's tokenizer (scorepad/game/cardtext.py TOKEN_PATTERN), as the page carries it.
    return (text.match(new RegExp(picker.dataset.tokens, "g")) || []).map(function (t) { return t.split(JOIN).join(" "); });
  }
  function multi(input) { return input.tagName === "TEXTAREA"; }
  // A field's cards, line by line (one line unless it is a textarea of melds); a line that is
  // a lay-off keeps its head ("Anna 2:") apart from its cards.
  function lines(input) {
    var rows = multi(input) ? input.value.split("\n") : [input.value];
    return rows.map(function (row) {
      var head = headOf(row);
      var cards = tokens(head ? head.rest : row);
      cards.head = head;
      return cards;
    });
  }
  function write(input, all) {
    setValue(input, all.map(function (line) {
      var cards = line.join(" ");
      if (!line.head) return cards;
      // "Anna 2: 9c" as the page's language writes it (French: "Anna 2 : 9c").
      return LAYOFF.replace("{name}", line.head.owner + (line.head.meld ? " " + line.head.meld : ""))
        .replace("{cards}", cards);
    }).join("\n"));
  }
  function ontoChip(head) {
    var b = document.createElement("span");
    b.className = "chip onto";
    b.dataset.onto = head.owner;
    b.textContent = "→ " + head.owner + (head.meld ? " " + head.meld : "");
    return b;
  }

  function same(a, b) {
    return !!a && !!b && (a.joker ? !!b.joker : a.rank === b.rank && a.suit === b.suit);
  }
  // Cards the camera read but was unsure of (static/camera.js): marked until removed.
  function unsureOf(input) {
    return (input.dataset.unsure || "").split(" ").map(readCard).filter(Boolean);
  }

  function chip(input, tok, li, i, unsure) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "chip";
    var parts = tok.split("@"), card = readCard(parts[0]);
    var label = card ? (card.joker ? "Joker" : (RANKS[card.rank] || card.rank) + SUITS[card.suit]) : parts[0];
    if (card && !card.joker && /[hd]/.test(card.suit)) b.classList.add("red");
    if (!card) b.classList.add("not-card");
    // 3-13: a card of the round's wild rank says so.
    var wild = WILD && card && card.rank === WILD.toUpperCase() ? " " + WILD_WORD : "";
    if (wild) b.classList.add("wild");
    var doubt = unsure.some(function (u) { return same(u, card); }) ? " ?" : "";
    if (doubt) b.classList.add("unsure");
    b.textContent = label + wild + doubt + (parts[1] ? " @" + parts[1] : "") + " ✕";
    b.setAttribute("aria-label", label + wild + doubt + " ✕");
    b.addEventListener("click", function () {
      var all = lines(input);
      all[li].splice(i, 1);
      write(input, all);
    });
    return b;
  }

  function render(input) {
    var box = input.parentNode.querySelector(".chips");
    if (!box) {
      box = document.createElement("div");
      box.className = "chips";
      input.insertAdjacentElement("afterend", box);
    }
    box.innerHTML = "";
    var count = 0, unsure = unsureOf(input);
    lines(input).forEach(function (line, li) {
      var row = box;
      if (multi(input)) {
        if (!line.length && !line.head) return;
        row = document.createElement("div");
        row.className = "chip-line";
        box.appendChild(row);
      }
      if (line.head) row.appendChild(ontoChip(line.head));
      line.forEach(function (tok, i) { row.appendChild(chip(input, tok, li, i, unsure)); count += 1; });
    });
    // How many cards the field holds: a 13-card hand that came out as 10 is seen at once.
    var counter = input.parentNode.querySelector(".card-count");
    if (!counter) {
      counter = document.createElement("p");
      counter.className = "card-count";
      counter.setAttribute("aria-live", "polite");
      box.insertAdjacentElement("afterend", counter);
    }
    counter.textContent = count ? (count === 1 ? COUNT_ONE : COUNT_MANY).replace("{n}", count) : "";
    counter.hidden = !count;
  }

  function setValue(input, value) {
    input.value = value;
    render(input);
    keepVisible();
    input.dispatchEvent(new Event("cards-changed", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function add(cards) {
    if (!target) return;
    var all = lines(target);
    var onto = byEl && target.dataset.kind !== "hand" ? byEl.value : "";
    var last = all[all.length - 1];
    if (onto && (!last.head || last.head.owner !== onto)) {
      // A lay-off onto another meld: its own line where the field holds several.
      if (multi(target) && (last.length || last.head)) { last = []; all.push(last); }
      last.head = { owner: onto, meld: "" };
    }
    cards.forEach(function (card) { last.push(card); });
    write(target, all);
  }

  function show() {
    picker.querySelectorAll("[data-suit]").forEach(function (x) {
      x.setAttribute("aria-pressed", String(x.dataset.suit === suit));
    });
    // Ranks tapped before a suit: shown, waiting for it.
    picker.classList.toggle("need-suit", waiting.length > 0);
    if (waitEl) {
      waitEl.textContent = waiting.map(function (r) { return RANKS[r] || r; }).join(" ");
      waitEl.parentNode.hidden = !waiting.length;
    }
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

  // Closing changes nothing on the page but the picker (which lies over it): the room below
  // main stays, so a tap on a button that closes the picker lands where it was aimed.
  function close() {
    picker.hidden = true;
  }

  // Inside the picker or a card field's own slot (its chips, its reading choice) the
  // picker stays; anywhere else (a number field, a button, the page) it closes, and so it
  // does for the slot's camera button (static/camera.js: the photo fills the field instead).
  function staysOpen(el) {
    return !!el && el !== document.body && !(el.closest && el.closest(".camera")) &&
      (picker.contains(el) || !!(el.closest && el.closest(".slot") && el.closest(".slot").querySelector(".cards-input")));
  }

  function choose(input) {
    if (target !== input) {
      if (target && target.id) suitOf[target.id] = suit;
      suit = (input.id && suitOf[input.id]) || null;
      waiting = [];
    }
    target = input;
    var label = input.closest(".slot").querySelector("label");
    var legend = input.closest("fieldset").querySelector("legend");
    nameEl.textContent = (legend ? legend.textContent + ": " : "") + (label ? label.textContent : "");
    if (byEl) {
      byEl.parentNode.hidden = input.dataset.kind === "hand";
      // The field's own lay-off head, if it has one; else its own meld.
      var rows = lines(input), head = rows[rows.length - 1].head;
      byEl.value = head ? head.owner : "";
    }
    if (lineEl) lineEl.hidden = !multi(input);
    picker.hidden = false;
    document.body.classList.add("picking");
    show();
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
      // A draft filled in again (static/draft.js) shows its chips and count.
      input.addEventListener("draft-restored", function () { render(input); });
      // The camera's marks of unsure cards (static/camera.js), kept through a Check.
      input.addEventListener("cards-marked", function () { render(input); });
      render(input);
      // A field focused before this script ran ("+ another meld") gets the picker too.
      if (document.activeElement === input) choose(input);
    });
  }

  picker.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b || !target) return;
    if (b.dataset.suit) {
      // Tapping the chosen suit again keeps it chosen (the hint says: tap a suit).
      suit = b.dataset.suit;
      if (waiting.length) {
        add(waiting.map(function (r) { return written(r, suit); }));
        waiting = [];
      }
    } else if (b.dataset.rank) {
      if (suit) add([written(b.dataset.rank, suit)]);
      else waiting.push(b.dataset.rank);
    } else if (b.dataset.card) {
      add([b.dataset.card]);
    } else if (b.dataset.action === "undo") {
      if (waiting.length) waiting.pop();
      else {
        var all = lines(target);
        while (all.length > 1 && !all[all.length - 1].length) all.pop();
        var end = all[all.length - 1];
        if (end.length) end.pop();
        else if (end.head) end.head = null;  // then the lay-off's "Anna:" itself
        write(target, all);
      }
    } else if (b.dataset.action === "line") {
      // The next meld of a textarea: a new line (once).
      var rows = lines(target);
      if (rows[rows.length - 1].length) { rows.push([]); write(target, rows); }
    } else if (b.dataset.action === "close") {
      close();
    }
    show();
    keepVisible();  // the line of waiting ranks makes the picker taller
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
