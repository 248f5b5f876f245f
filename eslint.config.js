// ESLint for the site's JavaScript (run by tests/test_code_style.py).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "site/", ".venv/", ".cache/", "build/"] },
  js.configs.recommended,
  {
    files: ["docs/**/*.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser, document$: "readonly" },
    },
    rules: {
      "no-unused-vars": ["error", { varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    // Classic scripts: on every page, before any module.
    files: ["docs/javascripts/*.js", "docs/assets/walkthrough/loader.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["docs/assets/walkthrough/worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["rulesite/sw_template.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["*.js", "*.mjs", "rulesite/**/*.mjs", "tests/**/*.mjs", "bench/**/*.mjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
  },
];
