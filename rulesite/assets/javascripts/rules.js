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

// Material Design icons "content-copy" and "check", inline: no icon font, nothing fetched.
const COPY_ICON = "M19 21H8V7h11m0-2H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2m-3-4H4a2 2 0 0 0-2 2v14h2V3h12z";
const DONE_ICON = "M21 7 9 19l-5.5-5.5 1.41-1.41L9 16.17 19.59 5.59z";

function icon(path) {
  return `<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true"><path fill="currentColor" d="${path}"/></svg>`;
}

function addCopyButtons() {
  for (const link of document.querySelectorAll("a.rule-number, a.note-number")) {
    if (link.nextElementSibling?.classList.contains("copy-link")) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "copy-link";
    button.innerHTML = icon(COPY_ICON);
    button.title = `Copy link to ${link.textContent}`;
    button.setAttribute("aria-label", button.title);
    button.addEventListener("click", async () => {
      await navigator.clipboard.writeText(link.href);
      button.innerHTML = icon(DONE_ICON);
      setTimeout(() => (button.innerHTML = icon(COPY_ICON)), 1500);
    });
    link.after(button);
  }
}
