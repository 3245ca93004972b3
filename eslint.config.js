/**
 * Lint (`npm run lint`, part of `npm test`): ESLint 10 flat config.
 * - TypeScript everywhere: typescript-eslint's recommended rules (syntax-level; the compiler does the type checks).
 * - The portal (app/): React hooks rules and jsx-a11y's recommended accessibility rules (axe checks the rendered
 *   pages in the E2E tests; this catches the same class of problem in code that no test renders). jsx-a11y is its
 *   maintained fork `eslint-plugin-jsx-a11y-x` (the same rules; the original's peer range stops at ESLint 9, which
 *   reached its end of life in August 2026): rules are named `jsx-a11y-x/…`.
 * Unused variables are errors unless prefixed with `_`.
 */
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y-x";
import globals from "globals";

export default tseslint.config(
  { ignores: ["node_modules/", "build/", "public/build/", ".react-router/", "data/", "test-results/", "playwright-report/", ".cache/", "openapi/provider-api.d.ts", "openapi/dist/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "no-empty-pattern": "off",
      eqeqeq: ["error", "always", { null: "ignore" }],
      // A `let` declared before the closures that read it and assigned once later is fine.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y-x": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      // Hydration-dependent state (useHydrated, the inactivity timer, the drawer) is set after mount by design:
      // the server render must match the first client render.
      "react-hooks/set-state-in-effect": "off",
      // Advice for the React Compiler, which this app does not use (e.g. TanStack Virtual's useVirtualizer).
      "react-hooks/incompatible-library": "off",
      // A region that scrolls (a wide CSV preview, the virtual session history) must be focusable so keyboard users
      // can scroll it (axe's scrollable-region-focusable): tabIndex={0} on role="region" is the pattern, not a mistake.
      "jsx-a11y-x/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
      // React Router 8 hands loaders the raw request: a data request's URL ends in `.data` and carries `_routes`
      // (app/request-url.ts). The page's URL comes from requestUrl(request).
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[property.name='url'][object.name='request']", message: "Use requestUrl(request) (app/request-url.ts): request.url is a data request's raw URL." },
        { selector: "MemberExpression[property.name='url'][object.property.name='request']", message: "Use requestUrl(…request) (app/request-url.ts): request.url is a data request's raw URL." },
        // A body it cannot read makes request.formData() throw a TypeError (a 500): readForm answers 400.
        { selector: "CallExpression[callee.property.name='formData'][callee.object.name='request']", message: "Use readForm(request) (app/forms/read-form.server.ts): an unreadable form is a 400, not a 500." },
        { selector: "CallExpression[callee.property.name='formData'][callee.object.callee.property.name='clone']", message: "Use readForm(request.clone()) (app/forms/read-form.server.ts): an unreadable form is a 400, not a 500." },
        // Sorting goes through app/domain/collate.ts: localeCompare with options builds an ICU collator per call, and its
        // first call in a page starts ICU's collation (~15 ms of a page load) even for keys that need no language.
        { selector: "CallExpression[callee.property.name='localeCompare']", message: "Sort with app/domain/collate.ts: compareText/compareExact for what people read, compareKeys for dates, ids and codes." },
        // A part whose chunk fails to load (a flaky link, a deployment) loads the page again, as a route module does.
        { selector: "ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name='lazy']", message: "Use lazyPart (app/components/lazy-part.ts): a part whose code fails to load reloads the page instead of an error screen." },
        // A page's links are most of its elements (the patient list: ~70): the server renders a plain path's link without
        // Link's hooks, the same markup (~7% of the portal's CPU per list page).
        { selector: "ImportDeclaration[source.value=/^react-router/] > ImportSpecifier[imported.name='Link']", message: "Import Link from app/components/link.tsx: on the server it renders a plain path's link without React Router's hooks." },
      ],
      // Whatever is copied may be pasted into a spreadsheet: the clipboard is written by copyToClipboard
      // (app/components/clipboard.ts), which neutralises formula-shaped cells (ASVS 5.3.10).
      "no-restricted-properties": ["error", { object: "navigator", property: "clipboard", message: "Use copyToClipboard (app/components/clipboard.ts): it neutralises formula-shaped cells." }],
    },
  },
  {
    // One authentication step per request (ADR 037): the user is loaded by the `authenticate` middleware
    // (app/auth/current-user.server.ts) and read from the context with `currentUser(context)`. A loader or action
    // that loads it again (GET v2/users/current, the session's auth state) brings the per-loader chain back.
    // The sign-in routes (the login form, the SSO callback) check the user the sign-in is about to start, before any session.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/auth/**", "app/api/**", "app/root.tsx", "app/routes/user.login.tsx", "app/routes/user.sso.callback.tsx", "app/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/api/users.server"], importNames: ["getCurrentUser"], message: "Read the user with currentUser(context) (app/auth/current-user.server.ts, ADR 037): the authenticate middleware loaded it once for the request." },
            { group: ["**/auth/user.server"], importNames: ["activeAuth", "loadCurrentUserWithRetries"], message: "Put the route under the authenticate or requireSignedIn middleware and read currentUser(context) or sessionAuth(context) (ADR 037)." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/clipboard.ts"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // The one place that reads it, and the document render (a document request's URL is the page's); the form reader.
    files: ["app/request-url.ts", "app/entry.server.tsx", "app/forms/read-form.server.ts", "app/**/*.test.ts"],

    rules: { "no-restricted-syntax": "off" },
  },
  {
    // Playwright fixtures destructure `{}` by design.
    files: ["tests/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // Tests read loosely typed response bodies.
    files: ["**/*.test.ts", "**/test-fixture.ts", "reference-api/src/testing/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
