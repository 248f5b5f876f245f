// Applies the colour palette the reader chose on an earlier visit before the page is drawn,
// so it never flashes in the other scheme. A file instead of Material's inline script (CSP).
(() => {
  const palette = window.__md_get("__palette");
  if (!palette || !palette.color) return;
  if (palette.color.media === "(prefers-color-scheme)") {
    // "Follow the system": take the attributes of the toggle matching the system's scheme.
    const scheme = matchMedia("(prefers-color-scheme: light)").matches ? "light" : "dark";
    const toggle = document.querySelector(
      `[data-md-color-media='(prefers-color-scheme: ${scheme})']`,
    );
    for (const name of ["media", "scheme", "primary", "accent"]) {
      palette.color[name] = toggle.getAttribute(`data-md-color-${name}`);
    }
  }
  for (const [name, value] of Object.entries(palette.color)) {
    document.body.setAttribute(`data-md-color-${name}`, value);
  }
})();
