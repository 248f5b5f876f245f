// The globals Material's bundle expects before it loads: the site's scope (its root URL,
// so two sites on one host keep separate settings) and small localStorage helpers keyed by
// it. Loaded as a file (rulesite/theme/partials/javascripts/base.html) instead of Material's
// inline script, so the Content-Security-Policy needs no 'unsafe-inline'.
(() => {
  window.__md_scope = new URL(document.currentScript.dataset.scope, location);
  const key = (name, scope) => `${scope.pathname}.${name}`;
  window.__md_hash = (text) =>
    [...text].reduce((hash, char) => (hash << 5) - hash + char.charCodeAt(0), 0);
  window.__md_get = (name, storage = localStorage, scope = window.__md_scope) =>
    JSON.parse(storage.getItem(key(name, scope)));
  window.__md_set = (name, value, storage = localStorage, scope = window.__md_scope) => {
    try {
      storage.setItem(key(name, scope), JSON.stringify(value));
    } catch {
      // Storage full or forbidden (private mode): the setting lasts this page only.
    }
  };
})();
