// Rule permalinks: a copy button beside each rule number, and landing on a rule
// from a search result. `document$` fires on every page, instant navigation included.
document$.subscribe(() => {
  landOnSearchedRule();
  addCopyButtons();
});

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

function addCopyButtons() {
  for (const link of document.querySelectorAll("a.rule-number, a.note-number")) {
    if (link.nextElementSibling?.classList.contains("copy-link")) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "copy-link";
    button.textContent = "⧉";
    button.title = `Copy link to ${link.textContent}`;
    button.setAttribute("aria-label", button.title);
    button.addEventListener("click", async () => {
      await navigator.clipboard.writeText(link.href);
      button.textContent = "✓";
      setTimeout(() => (button.textContent = "⧉"), 1500);
    });
    link.after(button);
  }
}
