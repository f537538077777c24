// The round form, quicker with JavaScript (it works without): never make the table hunt.
(function () {
  "use strict";
  var form = document.querySelector("form.round");
  if (!form) { return; }
  var numbers = function () {
    return Array.prototype.filter.call(form.querySelectorAll("input[inputmode=numeric]"),
      function (el) { return el.offsetParent !== null; });
  };

  // After a failed save: go to the first problem, focus it and let a screen reader say it.
  function showFirstProblem() {
    var field = form.querySelector("[autofocus]") ||
      form.querySelector("input[aria-invalid=true]") || document.getElementById("problems");
    if (!field) { return; }
    field.scrollIntoView({block: "center"});
    field.focus({preventScroll: true});
  }
  showFirstProblem();

  // Going out is one tap, and it moves on to that player's points.
  form.addEventListener("change", function (e) {
    var t = e.target;
    if (t.name === "closer" && t.dataset.field) {
      var f = document.getElementById(t.dataset.field);
      if (f) { f.focus(); }
    }
  });

  // The keyboard's "next" key moves on to the next number; after the last one it saves.
  form.addEventListener("keydown", function (e) {
    var t = e.target;
    if (e.key !== "Enter" || t.getAttribute("inputmode") !== "numeric") { return; }
    e.preventDefault();
    var all = numbers(), i = all.indexOf(t);
    var empty = function (el) { return !el.value.trim(); };
    // Net numbers go round the table (the closer is typed first); separate fields go on
    // down the page, where the closer's empty hand is no reason to go back.
    var next = all.slice(i + 1).find(empty) ||
      (t.classList.contains("net-input") ? all.slice(0, i).find(empty) : null);
    if (next) { next.focus(); return; }
    var save = form.querySelector("button[value=save]");
    if (save) { save.click(); }
  });

  // A number that is not a number is said at its field, once the field is left: by the
  // server's pattern, which the field carries (data-sum, scorepad/game/points.py).
  function numberProblem(el) {
    var text = el.value.replace(/\s/g, "").replace(/\u2212/g, "-");
    return text !== "" && !new RegExp("^(?:" + el.getAttribute("data-sum") + ")$").test(text);
  }
  form.addEventListener("focusout", function (e) {
    var t = e.target;
    if (t.getAttribute("inputmode") !== "numeric" || !t.dataset.bad) { return; }
    var box = t.closest("label");
    var note = box && box.parentNode.querySelector(".typing-error[data-for='" + t.id + "']");
    if (numberProblem(t)) {
      t.setAttribute("aria-invalid", "true");
      if (!note) {
        note = document.createElement("span");
        note.className = "field-error typing-error";
        note.setAttribute("role", "alert");
        note.dataset.for = t.id;
        note.textContent = t.dataset.bad;
        box.insertAdjacentElement("afterend", note);
      }
    } else if (note) {
      t.setAttribute("aria-invalid", "false");
      note.remove();
    }
  });

  // Keyboards without a minus key: a ± button beside each net number.
  Array.prototype.forEach.call(form.querySelectorAll("input.net-input"), function (el) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "sign";
    b.textContent = "±";
    b.setAttribute("aria-label", form.dataset.sign || "±");
    b.addEventListener("click", function () {
      var v = el.value.trim();
      el.value = v.charAt(0) === "-" || v.charAt(0) === "\u2212" ? v.slice(1) : "-" + v.replace(/^\+/, "");
      el.dispatchEvent(new Event("input", { bubbles: true }));  // kept as typed (draft.js)
      el.focus();
    });
    el.closest("label").insertAdjacentElement("afterend", b);
  });
})();
