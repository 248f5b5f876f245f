// Rule citations in engine texts: links to the site's anchors, plain text otherwise.

import { h } from "./dom.js";
import { ROOT } from "./site_data.js";

// A link to the rule's anchor when the site has it, else plain "LRR 78.4".
function ruleRef(ref, index) {
  const entry = index[ref];
  if (!entry) return h("span", { class: "wt-ref wt-ref--plain" }, `LRR ${ref}`);
  const url = typeof entry === "string" ? entry : entry.url;
  const href = new URL(url.includes("#") ? url : `${url}#${ref}`, ROOT).href;
  return h("a", { class: "wt-ref", href, title: entry.title || null }, entry.label || ref);
}

export function ruleRefs(refs, index) {
  if (!refs || !refs.length) return null;
  const out = h("span", { class: "wt-refs" }, "(");
  refs.forEach((ref, i) => {
    if (i) out.append(", ");
    out.append(ruleRef(ref, index));
  });
  out.append(")");
  return out;
}

// Engine texts end with "(89.2)"; the links replace that tail. Other parentheses at the
// end ("Produce 2 Fighter (cost 1)") are words of the text and stay.
export function withoutRefs(text, refs) {
  const tail = text.match(/\s*\(([^()]*)\)\s*$/);
  if (!tail || !refs || !refs.some((ref) => tail[1].includes(ref))) return text;
  return text.slice(0, tail.index);
}
