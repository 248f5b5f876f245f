// Interactive walkthroughs and try-it cells, mounted on each page that has them.
//
// Imported by loader.js only on pages with a walkthrough or a try-it cell. With
// navigation.instant the page's scripts are not run again, so the loader calls mountAll
// on every page change (Material's document$), and the engines (engine_client.js) live
// on across pages.

import { TryIt } from "./tryit.js";
import { Walkthrough } from "./walkthrough.js";

export function mountAll() {
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
