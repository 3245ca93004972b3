/**
 * More portals for one test, configured differently from the run's portal (a short inactivity timeout, another
 * session secret, a dead provider API with failover servers, an API behind the fault proxy), against the same
 * stack (identity service, reference API). They run the same build as the image's CMD does (`node
 * build/server/index.js`, tests/setup/portal.ts `direct`), on free ports, and are stopped when the test ends.
 * Each is ONE process (WEB_CONCURRENCY=1) unless the test asks for more: what these tests vary is a setting, not
 * the process model — the run's portal is the cluster every spec goes through (replicas.spec.ts), and the tests of
 * the cluster itself (shutdown, metrics) set WEB_CONCURRENCY. A portal process's start is ~2 CPU-s (its modules);
 * the cluster's primary and two workers behind `npm run start` were three processes and npm's own for each of the
 * suite's ~60 extra portals.
 *
 *   import { test, expect } from "./helpers/extra-portal.js";
 *   test("…", async ({ page, startExtraPortal }) => {
 *     const portal = await startExtraPortal({ env: { INACTIVITY_TIMEOUT_SECONDS: "5" } });
 *     await page.goto(`${portal.url}/user/login/`);
 *
 * Each portal's log is test-results/e2e/<test>/portal-<n>.log (attached to the report when the test fails).
 * Cookies are per host, not per port: a browser context sends one portal's session cookie to every portal on
 * localhost — which the session tests use on purpose.
 *
 * `faultProxy`: a fault-injecting proxy in front of the run's reference API (fault-proxy.ts), closed at the end.
 */
import { readFileSync } from "node:fs";
import { findFreePort } from "../../../scripts/identity/cognito-local.js";
import { startPortal, type Portal } from "../../setup/portal.js";
import { readState } from "../../setup/state.js";
import { test as base } from "../fixtures.js";
import { startFaultProxy, type FaultProxy } from "./fault-proxy.js";

export { expect, expectAccessible, jsEnabled } from "../fixtures.js";

export interface ExtraPortal extends Portal {
  /** The portal's log so far. */
  log(): string;
}

export interface ExtraPortalOptions {
  /** Settings over the run's defaults (tests/setup/portal.ts portalEnv), e.g. PROVIDER_API_URL. */
  env?: Record<string, string>;
  /**
   * Start it through `npm run start` (the README's command) instead of `node build/server/index.js` itself (the
   * default: its pid is the portal's, tests/setup/portal.ts `direct`).
   */
  viaNpm?: boolean;
}

/** A URL where nothing listens (a free port, not bound). */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await findFreePort()}`;
}

export const test = base.extend<{ startExtraPortal: (options?: ExtraPortalOptions) => Promise<ExtraPortal>; faultProxy: FaultProxy }>({
  startExtraPortal: async ({ context }, use, testInfo) => {
    const started: { portal: Portal; logFile: string }[] = [];
    let requested = 0;
    await use(async (options = {}) => {
      const state = readState();
      // Numbered when asked for, not when started: portals started together (Promise.all) get a log each.
      const logFile = testInfo.outputPath(`portal-${++requested}.log`);
      const portal = await startPortal({
        stack: { apiUrl: state.apiUrl, identity: state.identity },
        dataDir: state.dataDir,
        logFile,
        env: { WEB_CONCURRENCY: "1", ...options.env },
        direct: !options.viaNpm,
      });
      started.push({ portal, logFile });
      return { ...portal, log: () => readFileSync(logFile, "utf8") };
    });
    // The test's pages first: a page that passed its test may still be loading a lazily loaded part, whose request
    // a stopped portal would fail — an uncaught error of the test's end, not of the page (the error guard's fixture
    // is torn down after this one). A failed test keeps them for its screenshot.
    if (started.length && testInfo.status === testInfo.expectedStatus) await Promise.all(context.pages().map((p) => p.close()));
    await Promise.all(started.map(({ portal }) => portal.stop()));
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const { logFile } of started) await testInfo.attach(logFile.split("/").pop()!, { path: logFile, contentType: "text/plain" });
    }
  },
  faultProxy: async ({}, use) => {
    const proxy = await startFaultProxy(readState().apiUrl);
    await use(proxy);
    await proxy.close();
  },
});
