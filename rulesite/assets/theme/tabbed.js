// A link to a content tab's id (#__tabbed_1_2) opens that tab. A file instead of
// Material's inline script (CSP).
(() => {
  const target = document.getElementById(location.hash.slice(1));
  if (target && target.name) target.checked = target.name.startsWith("__tabbed_");
})();
