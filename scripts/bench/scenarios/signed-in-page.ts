/**
 * A signed-in page under load against the one provider-API call it wraps, in the same run: GET
 * /user/account/info/ as a practitioner — whose loaders call only GET v2/users/current (the authenticate middleware, once per
 * request; a practitioner's global filter needs no locations call; checked in the portal's debug log of
 * provider API calls) — and that call itself with the same user's token. Closed loop at
 * BENCH_PAGE_CONCURRENCY (default 50) for BENCH_SECONDS (default 10) each, after a 2 s warm-up.
 */
import { signInAs } from "../../identity/sign-in.js";
import { demoAccount } from "../lib/accounts.js";
import { hit } from "../lib/http.js";
import { signInToPortal } from "../lib/portal-session.js";
import { runTargets, type LoadResult } from "../lib/runner.js";
import type { Scenario } from "../lib/scenario.js";
import { fmt, loadTable } from "../lib/table.js";

export const PAGE_PATH = "/user/account/info/";
export const WRAPPED_CALL = "/v2/users/current";

export const signedInPage: Scenario = {
  name: "page",
  title: "Signed-in page vs the API call it wraps",
  async run({ bench, agent, log }) {
    const seconds = Number(process.env.BENCH_SECONDS ?? 10);
    const warmupSeconds = 2;
    const concurrency = Number(process.env.BENCH_PAGE_CONCURRENCY ?? 50);
    const account = demoAccount("practitioner@frontrange.example");
    const session = await signInToPortal(bench.portal.url, account, agent);
    const { accessToken } = await signInAs(bench.stack.identity, { username: account.userId, password: account.password });

    const pageUrl = new URL(PAGE_PATH, bench.portal.url).href;
    const pageHeaders = session.headers({ scripts: true });
    const apiUrl = new URL(WRAPPED_CALL, bench.stack.apiUrl).href;
    const apiHeaders = { authorization: `Bearer ${accessToken}`, accept: "application/json", "accept-encoding": "gzip, deflate, br" };
    const targets = [
      { label: `portal GET ${PAGE_PATH}`, task: async () => (await hit(pageUrl, { agent, headers: pageHeaders })) === 200 },
      { label: `API GET ${WRAPPED_CALL}`, task: async () => (await hit(apiUrl, { agent, headers: apiHeaders })) === 200 },
    ];

    const results = await runTargets(targets, { concurrency, warmupSeconds, seconds, log });

    const table = loadTable(targets.map((t, i) => ({ label: t.label, result: results[i]! })));
    const [page, api] = results as [LoadResult, LoadResult];
    // Under two completions per worker the figures describe a queue draining, not a steady state.
    const thin = results.some((r) => r.requests < 2 * concurrency) ? ` Few requests completed in the window: raise BENCH_SECONDS for steady-state figures.` : "";
    return {
      report: `${table}\n\nSigned in as practitioner@frontrange.example; requests completed in ${seconds} s after a ${warmupSeconds} s warm-up; the page over its call: +${fmt(page.p50 - api.p50)} ms at p50, ${fmt(page.rps / api.rps, 2)}× the throughput.${thin}`,
      failure: page.errors + api.errors > 0 ? `${page.errors + api.errors} requests failed under load` : undefined,
    };
  },
};
