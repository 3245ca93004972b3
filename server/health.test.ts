import { describe, expect, it } from "vitest";
import { dependencyChecker } from "./health";

const api = { url: "http://api.test", failoverUrls: [], timeoutMs: 1000 };
const identity = { region: "us-east-1", endpoint: "http://idp.test", userPoolId: "local_X", clientId: "c" };
const fetchOk = (async () => new Response("{}")) as unknown as typeof fetch;

describe("the dependencies' health: PostgreSQL (issue 33)", () => {
  it("checks PostgreSQL when the throttle and session revocation are there, and not otherwise", async () => {
    const local = await dependencyChecker({ api, identity, throttle: { store: { kind: "local" } } }, { fetch: fetchOk }).check();
    expect(local.map((d) => d.name)).toEqual(["provider_api", "identity"]);
    let queried = 0;
    const pg = await dependencyChecker({ api, identity, throttle: { store: { kind: "postgres", url: "postgres://portal:secret-pw@db:5432/portal" } } }, { fetch: fetchOk, postgres: async () => void queried++ }).check();
    expect(pg.find((d) => d.name === "postgres")).toMatchObject({ up: true });
    expect(queried).toBe(1);
  });

  it("reports PostgreSQL down with the error's code, never the URL and its password", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED postgres://portal:secret-pw@db:5432"), { code: "ECONNREFUSED" });
    const [, , postgres] = await dependencyChecker(
      { api, identity, throttle: { store: { kind: "postgres", url: "postgres://portal:secret-pw@db:5432/portal" } } },
      { fetch: fetchOk, postgres: () => Promise.reject(refused) },
    ).check();
    expect(postgres).toMatchObject({ name: "postgres", up: false, detail: "ECONNREFUSED" });
    expect(JSON.stringify(postgres)).not.toContain("secret-pw");
  });

  it("really asks a PostgreSQL server: an address where none listens is down within the time-out", async () => {
    const started = Date.now();
    const [, , postgres] = await dependencyChecker({ api, identity, throttle: { store: { kind: "postgres", url: "postgres://portal:pw@127.0.0.1:1/portal" } } }, { fetch: fetchOk, timeoutMs: 1000 }).check();
    expect(postgres).toMatchObject({ name: "postgres", up: false, detail: "ECONNREFUSED" });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
