/**
 * End-to-end tests: Playwright driving Debian's chromium (no browser download works on these machines)
 * against the real stack — cognito-local, the reference API with a fresh demo world, and the BUILT portal —
 * each on free ports, started by tests/setup/global-setup.ts and stopped when the run ends.
 *
 * Every spec runs twice: project `js` (JavaScript enabled) and project `no-js` (JavaScript disabled, the
 * server-rendered HTML and plain form posts only). Tests that are JavaScript by nature are tagged `@js-only`
 * and left out of `no-js`, and so are the few specs about the server's answers alone (the no-js project's testIgnore).
 *
 *   npm run test:e2e                      # build the portal, start the stack, run both projects
 *   npx playwright test --project=no-js   # one project
 *   E2E_SKIP_BUILD=1 npx playwright test  # reuse the last `npm run build`
 *   CHROMIUM_PATH=/path/to/chrome ...     # another browser binary
 *
 * The base URL is not known before the global setup has started the portal: tests take it from the
 * `baseURL` fixture of tests/e2e/fixtures.ts (process.env.E2E_BASE_URL, set by the global setup).
 */
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { BROWSER_USER_AGENT } from "./scripts/bench/lib/http.js";

const CI = !!process.env.CI;
/** The slow-link budgets' spec: a project of its own, after the others (below). */
const SLOW_LINK = "**/slow-link.spec.ts";

/**
 * The browser: CHROMIUM_PATH, else Debian's chromium-headless-shell (the same Chromium build without the desktop
 * browser around it: it starts and renders a page with far less CPU than the full browser's headless mode, and the
 * browser was over half of the suite's CPU time), else Debian's full chromium. `.ci/run` installs both.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  globalSetup: "./tests/setup/global-setup.ts",
  // A test that hangs (a portal that does not answer) ends in 30 s; the stack has its own start timeouts.
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  // Two cores: the browser, the portal, the reference API and cognito-local share them.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: CI,
  // CI retries a failed test once, and the summary lists it as "flaky": a test that fails twice still fails the run.
  // The suite shares one demo organization between parallel tests and two portal processes; rehearsals on clean
  // clones showed a few tests that race with others (each one found is fixed, e.g. the dashboard's cards, the
  // template delete across processes) — a flaky line in CI's log is a bug to fix, not to ignore. Locally: no retry.
  retries: CI ? 1 : 0,
  // The list as it runs; the JSON report keeps every test's duration and steps (the axe checks are steps).
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-report.json" }]],
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
    // A clinician's Chrome, not "HeadlessChrome": isbot takes the headless browser's own user agent for a bot, and the
    // portal answers bots whole documents — the streamed document (the shell first, slow data after it) that every
    // clinician's browser gets would go untested (fixtures.ts settleStreamedParts).
    userAgent: BROWSER_USER_AGENT,
    // Desktop layout (the spec's lg breakpoint is 1200 px): the sidebar is permanent, not a drawer.
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "America/Denver",
    // Locally a failed test keeps its trace (DOM snapshots of every step; the trace's own screencast is off: ~4%
    // faster) and a screenshot. In CI no trace is recorded: recording costs every test (three specs, 46 tests: 93 s /
    // 172 CPU-s without against 98-117 s / 183-219 CPU-s with) and CI keeps only its log — the failure's message and
    // the page's snapshot are printed there; re-run the test locally (or with `--trace on`) for its trace.
    trace: CI ? "off" : { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: [SLOW_LINK] },
    {
      name: "no-js",
      use: { javaScriptEnabled: false },
      grepInvert: /@js-only/,
      // Specs whose every test is about the server's answer, the same whatever the browser runs (the HTML either
      // project loads is the same document): run once, in `js`. Session lifetimes, rotation and failover, the
      // revocation of copied cookies, the sign-in and reset throttles, one organization's scan data kept from another,
      // and the Content-Security-Policy (what it governs beyond scripts — styles, images, fonts — is in that same HTML).
      // Specs with a form or a link a user follows keep both projects: without JavaScript those are other requests.
      testIgnore: [SLOW_LINK, ...["session.spec.ts", "session-revocation.spec.ts", "throttle.spec.ts", "scan-isolation.spec.ts", "csp.spec.ts"].map((f) => `**/${f}`)],
    },
    {
      // The slow-link budgets (budgets/slow-link.json) time page loads: measured once every other test has ended, so
      // that nothing else runs on the machine's cores meanwhile (in parallel with the suite a load took ~0.1 s longer,
      // the browser's and the portal's work waiting for a core). Runs when both projects above pass.
      name: "slow-link",
      use: { javaScriptEnabled: true },
      testMatch: SLOW_LINK,
      dependencies: ["js", "no-js"],
    },
  ],
});
