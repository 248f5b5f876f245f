// On every page, a few hundred bytes: the widget and its CSS load only where a page has
// a walkthrough or a try-it cell, the odds calculator's only on its page.
(() => {
  const base = new URL(".", document.currentScript.src);
  const stylesheet = (id, href) => {
    if (document.getElementById(id)) return;
    const css = document.head.appendChild(document.createElement("link"));
    Object.assign(css, { id, rel: "stylesheet", href });
  };
  document$.subscribe(() => {
    if (document.querySelector(".odds-calc")) {
      stylesheet("odds-css", new URL("../odds/odds.css", base));
      import(new URL("../odds/calculator.js", base)).then((calculator) => calculator.mountAll());
    }
    if (!document.querySelector(".wt, .wt-tryit")) return;
    stylesheet("wt-css", new URL("widget.css", base));
    import(new URL("widget.js", base)).then((widget) => widget.mountAll());
  });
})();
