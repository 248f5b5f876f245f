// Rule permalinks: a copy button beside each rule number, and landing on a rule
// from a search result. `document$` fires on every page, instant navigation included.
document$.subscribe(() => {
  landOnSearchedRule();
  addCopyButtons();
});

// Material's search dialog has no accessible name; screen readers announce it by this one.
document.querySelector(".md-search")?.setAttribute("aria-label", "Search the rules");

// A search result for a rule number links to "page/?rule=89.2.3" (Material lists a
// "page/#89.2.3" result under its page, never first); show the rule's own anchor instead.
function landOnSearchedRule() {
  const params = new URLSearchParams(window.location.search);
  const number = params.get("rule");
  const target = number && document.getElementById(number);
  if (!target) return;
  params.delete("rule");
  const query = params.toString();
  const url = window.location.pathname + (query ? `?${query}` : "") + `#${number}`;
  history.replaceState(history.state, "", url);
  target.classList.add("is-target");
  // After Material has restored its own scroll position for the new page.
  requestAnimationFrame(() => target.scrollIntoView());
}

// Material's own clipboard button: its handler copies `data-clipboard-text` (the
// absolute link, known only here) and shows its "Copied to clipboard" notice.
function addCopyButtons() {
  for (const link of document.querySelectorAll("a.rule-number, a.note-number")) {
    if (link.nextElementSibling?.classList.contains("copy-link")) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "md-clipboard md-icon copy-link";
    button.dataset.clipboardText = link.href;
    button.title = `Copy link to ${link.textContent}`;
    button.setAttribute("aria-label", button.title);
    link.after(button);
  }
}
