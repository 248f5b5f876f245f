// Interactive walkthroughs and try-it cells, mounted on each page that has them.
//
// Imported by loader.js only on pages with a walkthrough or a try-it cell. With
// navigation.instant the page's scripts are not run again, so the loader calls mountAll
// on every page change (Material's document$), and the engines (engine_client.js) live
// on across pages.

import { walkthroughEngine } from "./engine_client.js";
import { TryIt } from "./tryit.js";
import { Walkthrough } from "./walkthrough.js";

// The rules engine starts once a walkthrough page goes idle, so a reader's Start finds it
// ready; not when the browser asks to save data or the connection is slow (2G), where it
// waits for Start. Browsers without requestIdleCallback wait a few seconds after load.
function preloadWhenIdle() {
  const connection = navigator.connection;
  if (connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType || "")) return;
  const preload = () =>
    walkthroughEngine.preload(() => {
      document.documentElement.dataset.engine = "ready"; // for tests and the benchmark
    });
  if ("requestIdleCallback" in window) requestIdleCallback(preload, { timeout: 10_000 });
  else setTimeout(preload, 3000);
}

// The suggested line's step lists are open without JavaScript (they are the walkthrough
// then) and in print; once the widget can show them step by step they are closed, so a
// rule page on a phone is its rules and notes, not 18 steps per walkthrough. Print opens
// them again and puts them back as they were after.
function closeStepLists() {
  for (const line of document.querySelectorAll(".wt-line[open]:not([data-folded])")) {
    line.dataset.folded = "";
    line.open = false;
  }
}

let printing = null;
addEventListener("beforeprint", () => {
  printing = [...document.querySelectorAll(".wt-line:not([open])")];
  for (const line of printing) line.open = true;
});
addEventListener("afterprint", () => {
  for (const line of printing || []) line.open = false;
  printing = null;
});

// "Skip to walkthrough", next to Material's "Skip to content": the first walkthrough's
// Start button is otherwise some fifty Tab stops down a rule page.
function skipLink() {
  const first = document.querySelector(".wt[data-walkthrough]");
  document.querySelector(".wt-skip")?.remove(); // instant navigation keeps the body
  if (!first) return;
  const link = document.createElement("a");
  link.className = "md-skip wt-skip";
  link.href = `#${first.id}`;
  link.textContent = "Skip to walkthrough";
  link.addEventListener("click", (event) => {
    // Not Material's instant navigation's: it would take the hash and move focus itself.
    event.preventDefault();
    event.stopPropagation();
    const target = first.querySelector(".wt-start:not([hidden])") || first.querySelector(".wt-step") || first;
    if (target === first) first.tabIndex = -1;
    first.scrollIntoView();
    target.focus({ preventScroll: true });
  });
  const material = document.querySelector(".md-skip:not(.wt-skip)");
  if (material) material.after(link);
  else document.body.prepend(link);
}

export function mountAll() {
  closeStepLists();
  skipLink();
  if (document.querySelector(".wt[data-walkthrough], .wt-compare")) preloadWhenIdle();
  for (const root of document.querySelectorAll(".wt[data-walkthrough]:not([data-mounted])")) {
    root.dataset.mounted = "";
    new Walkthrough(root);
  }
  for (const root of document.querySelectorAll(".wt-tryit:not([data-mounted])")) {
    root.dataset.mounted = "";
    new TryIt(root);
  }
  // Only the edition comparison page has one: its module loads there alone.
  for (const root of document.querySelectorAll(".wt-compare:not([data-mounted])")) {
    root.dataset.mounted = "";
    import("./compare.js").then(({ SideBySide }) => new SideBySide(root));
  }
}
