// Zensical's bundle loads GLightbox from a CDN on every page unless `GLightbox` is already
// defined (and not an element): the site has no lightbox images, so this does nothing, and
// no page asks a CDN for anything (the Content-Security-Policy would refuse it anyway).
// Put in a Zensical build only, by rulesite/adapters/zensical/builder.py (the theme override loads it there).
window.GLightbox = class {
  setElements() {}
};
