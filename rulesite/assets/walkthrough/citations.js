// Rule citations in the walkthrough's log, refusals and step titles.
//
// A rule the site has an anchor for (assets/rules-index.json) links to it; a whole topic
// the site has a page for ("89", "3") links to that page, never to a "#89" the page lacks.
// A Living Rules Reference number the site does not carry reads as a citation, "LRR 78.4",
// set like a reference and not like a link.

// One citation: an <a> to the site's anchor or page, else a <cite>.
export function ruleRef(ref, index, root) {
  const entry = index[ref];
  if (!entry) {
    const cite = document.createElement("cite");
    cite.className = "wt-ref wt-ref--lrr";
    cite.title = `Living Rules Reference ${ref} (no page on this site yet)`;
    cite.textContent = `LRR ${ref}`;
    return cite;
  }
  const link = document.createElement("a");
  link.className = "wt-ref";
  // The index's URL is the anchor's own ("page/#89.2") or, for a topic, its page ("page/").
  link.href = new URL(typeof entry === "string" ? entry : entry.url, root).href;
  if (entry.title) link.title = entry.title;
  link.textContent = entry.label || ref;
  return link;
}

// "(a, b)" after a text: the rules that decide it. `compact` (a step heading): a label that
// repeats the one before it but for its last word shows that word only ("Tactical Action
// (3rd ed.): Activation sequence 2, 3"), its full name kept as its title.
export function ruleRefs(refs, index, root, { compact = false } = {}) {
  if (!refs || !refs.length) return null;
  const out = document.createElement("span");
  out.className = compact ? "wt-refs wt-refs--compact" : "wt-refs";
  out.append("(");
  let previous = null;
  refs.forEach((ref, i) => {
    if (i) out.append(", ");
    const cited = ruleRef(ref, index, root);
    const label = cited.textContent;
    const cut = label.lastIndexOf(" ");
    if (compact && previous !== null && cut > 0 && previous === label.slice(0, cut)) {
      cited.title ||= label;
      cited.setAttribute("aria-label", label);
      cited.textContent = label.slice(cut + 1);
    }
    previous = cut > 0 ? label.slice(0, cut) : null;
    out.append(cited);
  });
  out.append(")");
  return out;
}

// Engine texts end with "(89.2)"; the citations replace that tail. Other parentheses at the
// end ("Produce 2 Fighter (cost 1)") are words of the text and stay.
export function withoutRefs(text, refs) {
  const tail = text.match(/\s*\(([^()]*)\)\s*$/);
  if (!tail || !refs || !refs.some((ref) => tail[1].includes(ref))) return text;
  return text.slice(0, tail.index);
}

// A click on a citation of a rule on this very page: the page scrolls to the rule, marked,
// with a button back to the walkthrough; the walkthrough and the address bar (which keeps
// its position) stay as they are. Following the link instead would reopen the page.
export function followCitation(event, root) {
  const link = event.target.closest?.("a.wt-ref");
  if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(link.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname || !url.hash) return;
  const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
  if (!target || root.contains(target)) return;
  event.preventDefault();
  event.stopPropagation(); // Material's instant navigation would reload the page
  for (const marked of document.querySelectorAll(".is-target")) marked.classList.remove("is-target");
  root.querySelector(".wt-back")?.remove();
  target.classList.add("is-target");
  target.scrollIntoView({ block: "start" });
  const back = document.createElement("button");
  back.type = "button";
  back.className = "wt-button wt-button--primary wt-back";
  const step = root.querySelector(".wt-step");
  back.textContent = step ? "Back to the walkthrough's step" : "Back to the walkthrough";
  back.addEventListener("click", () => {
    back.remove();
    const place = link.isConnected ? link : step || root;
    place.scrollIntoView({ block: "center" });
    place.focus({ preventScroll: true });
  });
  root.append(back);
  back.focus({ preventScroll: true });
}
