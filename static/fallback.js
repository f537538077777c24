// Load the local copy of htmx when the CDN cannot be reached (a table without internet).
(function () {
  var me = document.currentScript;
  window.addEventListener("DOMContentLoaded", function () {
    if (window.htmx) return;
    var s = document.createElement("script");
    s.src = me.getAttribute("data-htmx");
    document.head.appendChild(s);
  });
})();
