// ESLint for the site's JavaScript (run by tests/test_code_style.py).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "site/", ".venv/", ".cache/", "build/"] },
  js.configs.recommended,
  {
    files: ["rulesite/assets/**/*.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser, document$: "readonly" },
    },
    rules: {
      "no-unused-vars": ["error", { ignoreRestSiblings: true, destructuredArrayIgnorePattern: "^_" }],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    // Classic scripts: on every page, before any module.
    files: ["rulesite/assets/javascripts/rules.js", "rulesite/assets/walkthrough/loader.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["rulesite/assets/walkthrough/worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // Zensical's lightbox stand-in: a classic script in a Zensical build's pages.
    files: ["rulesite/adapters/zensical/no_lightbox.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "script", globals: { ...globals.browser } },
  },
  {
    files: ["rulesite/publish/sw_template.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["*.js", "*.mjs", "rulesite/**/*.mjs", "tests/**/*.mjs", "bench/**/*.mjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "commonjs", globals: { ...globals.node } },
  },
];
