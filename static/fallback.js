// htmx is served by the app itself; load the CDN copy (same SRI hash) only when that failed.
// htmx starts on DOMContentLoaded, or at once when the page has finished loading: so the
// fallback is added on "load", never in between, where a late htmx would wait for an event
// that has already passed and never start.
(function () {
  var me = document.currentScript;
  window.addEventListener("load", function () {
    if (window.htmx) return;
    var s = document.createElement("script");
    s.src = me.getAttribute("data-htmx");
    s.integrity = me.getAttribute("data-integrity");
    s.crossOrigin = "anonymous";
    document.head.appendChild(s);
  });
})();
