// Element builders: every text goes in as a text node, never as HTML, so engine and
// scenario texts cannot inject markup.

const SVG_NS = "http://www.w3.org/2000/svg";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value == null) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child != null && child !== false) el.append(child);
  }
  return el;
}

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) if (value != null) el.setAttribute(key, value);
  for (const child of children.flat()) if (child != null) el.append(child);
  return el;
}

// A custom property set through the CSSOM: a style attribute would need 'unsafe-inline'
// under the site's Content-Security-Policy.
export function withColour(el, colour) {
  el.style.setProperty("--wt-colour", colour);
  return el;
}

// Scrolls `el` into view only when it is out of view, which includes under the sticky
// header; widget.css's scroll margins keep it clear of the header and of Material's
// Back-to-top button.
export function scrollIntoSight(el) {
  const box = el?.getBoundingClientRect();
  const header = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0;
  if (box && (box.top < header || box.top > innerHeight - 48)) el.scrollIntoView({ block: "nearest" });
}
