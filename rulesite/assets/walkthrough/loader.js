// On every page, a few hundred bytes: the widget and its CSS load only where a page has
// a walkthrough or a try-it cell.
(() => {
  const base = new URL(".", document.currentScript.src);
  document$.subscribe(() => {
    if (!document.querySelector(".wt, .wt-tryit")) return;
    if (!document.getElementById("wt-css")) {
      const css = document.head.appendChild(document.createElement("link"));
      Object.assign(css, { id: "wt-css", rel: "stylesheet", href: new URL("widget.css", base) });
    }
    import(new URL("widget.js", base)).then((widget) => widget.mountAll());
  });
})();
