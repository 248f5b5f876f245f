// The page's default Trusted Types policy. The Content-Security-Policy (rulesite/publish/csp.py)
// requires one for every piece of HTML and every script URL a script of the page writes
// (Material draws search results with innerHTML): markup that sends the reader elsewhere or
// loads another document without any script running, <meta http-equiv="refresh">, <base>,
// <form>, frames, objects, links and scripts, is written as text instead. Escaping at the
// build is the first line (the search index is plain text); this is the one behind it.
// Loaded first in the head (rulesite/theme/partials/javascripts/base.html), before
// Material's bundle writes anything.
(() => {
  if (!window.trustedTypes?.createPolicy) {
    return; // a browser without Trusted Types enforces none of it either
  }
  const NAVIGATING =
    /<(?=\/?(?:meta|base|form|i?frame|frameset|object|embed|link|script|portal)[\s/>])/gi;
  window.trustedTypes.createPolicy("default", {
    // A document parsed by DOMParser is inert (nothing in it loads or acts), and Material's
    // instant navigation parses the site's own next page that way, head and scripts included.
    createHTML: (html, _type, sink) =>
      sink === "DOMParser parseFromString" ? html : html.replace(NAVIGATING, "&lt;"),
    // What scripts may run and from where is the policy's script-src and worker-src (no
    // inline script, no eval): these pass to it unchanged, to be refused there and reported.
    createScript: (script) => script,
    createScriptURL: (url) => url,
  });
})();
