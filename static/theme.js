// The theme this phone chose (light or dark), set before the page is drawn so it never
// flashes; without a choice the page follows the phone's setting (prefers-color-scheme).
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem("scorepad-theme");
  } catch (e) {
    return;
  }
  if (theme === "light" || theme === "dark") document.documentElement.setAttribute("data-theme", theme);
})();
