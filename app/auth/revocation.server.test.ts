import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { setLogSink } from "../log.server";
import { portalMetrics } from "../metrics.server";
import {
  ClusterWorkerRevocations,
  MemoryRevocations,
  revocationKey,
  SessionRevocations,
  startRevocationPrimary,
  type RevocationBackend,
} from "./revocation.server";

const HOUR = 3_600_000;
const opts = (now: () => number) => ({ keyPrefix: "test", keepMs: 12 * HOUR, now });

/** A clock the test moves. */
function clock(start = 1_800_000_000_000) {
  let t = start;
  const now = () => t;
  return { now, advance: (ms: number) => void (t += ms) };
}

let restoreLog: (() => void) | undefined;
afterEach(() => restoreLog?.());

describe("SessionRevocations", () => {
  it("sign-out ends that session only: another session of the same user, and a later sign-in, stay", async () => {
    const c = clock();
    const r = new SessionRevocations(new MemoryRevocations(c.now), opts(c.now));
    const mine = { sid: "s-1", username: "u-1", organizationId: "o-1", signedInAt: c.now() - HOUR };
    const other = { ...mine, sid: "s-2" };
    expect(await r.check(mine)).toBeUndefined();
    await r.revokeSession("s-1");
    expect(await r.check(mine)).toBe("session");
    expect(await r.check(other)).toBeUndefined();
    c.advance(1000);
    expect(await r.check({ ...other, sid: "s-3", signedInAt: c.now() })).toBeUndefined();
  });

  it("two replicas sharing a store: a session revoked at one is refused at the other at once", async () => {
    const c = clock();
    const shared = new MemoryRevocations(c.now);
    const a = new SessionRevocations(shared, opts(c.now));
    const b = new SessionRevocations(shared, opts(c.now));
    const session = { sid: "s-1", username: "u-1", signedInAt: c.now() - 5 * 60_000 };
    await a.revokeSession("s-1");
    expect(await b.check(session)).toBe("session");
  });

  it("a removed provider: every session signed in until then ends, on every replica; a session begun afterwards is not affected", async () => {
    const c = clock();
    const shared = new MemoryRevocations(c.now);
    const a = new SessionRevocations(shared, opts(c.now));
    const b = new SessionRevocations(shared, opts(c.now));
    const earlier = { sid: "s-1", username: "u-1", signedInAt: c.now() - 3 * HOUR };
    const recent = { sid: "s-2", username: "u-1", signedInAt: c.now() };
    const someoneElse = { sid: "s-3", username: "u-2", signedInAt: c.now() - HOUR };
    await a.revokeUser("u-1");
    expect(await b.check(earlier)).toBe("user");
    expect(await b.check(recent), "signed in the same millisecond: ended too").toBe("user");
    expect(await b.check(someoneElse)).toBeUndefined();
    c.advance(1);
    expect(await b.check({ sid: "s-4", username: "u-1", signedInAt: c.now() })).toBeUndefined();
  });

  it("a disabled organization: every session of its users ends; other organizations' stay", async () => {
    const c = clock();
    const shared = new MemoryRevocations(c.now);
    const a = new SessionRevocations(shared, opts(c.now));
    const b = new SessionRevocations(shared, opts(c.now));
    await a.revokeOrganization("org-1");
    expect(await b.check({ sid: "s-1", username: "u-1", organizationId: "org-1", signedInAt: c.now() - HOUR })).toBe("organization");
    expect(await b.check({ sid: "s-2", username: "u-2", organizationId: "org-2", signedInAt: c.now() - HOUR })).toBeUndefined();
    // Re-enabled later: a new sign-in is not refused.
    c.advance(60_000);
    expect(await b.check({ sid: "s-5", username: "u-1", organizationId: "org-1", signedInAt: c.now() })).toBeUndefined();
  });

  it("keeps a revocation for the session lifetime (no session signed in before it lives longer), then forgets it", async () => {
    const c = clock();
    const shared = new MemoryRevocations(c.now);
    const r = new SessionRevocations(shared, opts(c.now));
    const b = new SessionRevocations(shared, opts(c.now));
    await r.revokeSession("s-1");
    const session = { sid: "s-1", username: "u-1", signedInAt: c.now() - 1 };
    c.advance(12 * HOUR);
    expect(await b.check(session)).toBe("session");
    c.advance(2 * 60_000);
    expect(await b.check(session)).toBeUndefined();
  });

  it("keys hold no identifier (a hash of the id)", async () => {
    const key = revocationKey("portal", "user", "3f1c0a4e-username");
    expect(key).toMatch(/^portal:revoked-user:[0-9a-f]{40}$/);
    expect(key).not.toContain("3f1c0a4e");
  });

  it("a store that fails lets the request through, logged and counted; what this process revoked still holds here", async () => {
    // The counter the fail-open alert rates (ExerSessionRevocationFailOpen, deploy/kubernetes/overlays/production).
    const failures = async (operation: string) => (await portalMetrics().revocationStoreFailures.get()).values.find((v) => v.labels.operation === operation)?.value ?? 0;
    const [getsBefore, putsBefore] = [await failures("get"), await failures("put")];
    const lines: string[] = [];
    restoreLog = setLogSink((line) => void lines.push(line));
    const broken: RevocationBackend = {
      put: () => Promise.reject(new Error("connection refused")),
      get: () => Promise.reject(new Error("connection refused")),
    };
    const c = clock();
    const r = new SessionRevocations(broken, opts(c.now));
    await r.revokeSession("s-1");
    expect(await r.check({ sid: "s-1", username: "u-1", signedInAt: c.now() - 1 })).toBe("session");
    expect(await r.check({ sid: "s-2", username: "u-1", signedInAt: c.now() - 1 })).toBeUndefined();
    expect(lines.filter((l) => l.includes("session revocation store failed")).length).toBeGreaterThanOrEqual(2);
    // The first check was answered by this process's own record; the second went to the store, which failed.
    expect(await failures("get")).toBe(getsBefore + 1);
    expect(await failures("put")).toBe(putsBefore + 1);
  });
});

/** A cluster in one process: a primary (EventEmitter as `cluster`) and workers whose channels are wired to it. */
function fakeCluster() {
  const primary = new EventEmitter();
  let ids = 0;
  const worker = () => {
    const toWorker = new EventEmitter();
    const handle = {
      id: ++ids,
      isConnected: () => true,
      send: (message: unknown) => void setImmediate(() => toWorker.emit("message", message)),
    };
    const channel = {
      send: (message: unknown) => void setImmediate(() => primary.emit("message", handle, message)),
      on: (event: "message", listener: (message: unknown) => void) => toWorker.on(event, listener),
    };
    return channel;
  };
  return { primary, worker };
}

describe("cluster workers (one container): the primary holds the revocations", () => {
  it("a sign-out on one worker holds on the other at once", async () => {
    const cluster = fakeCluster();
    startRevocationPrimary(cluster.primary as never);
    const c = clock(Date.now());
    const w1 = new SessionRevocations(new ClusterWorkerRevocations(cluster.worker()), opts(c.now));
    const w2 = new SessionRevocations(new ClusterWorkerRevocations(cluster.worker()), opts(c.now));
    const session = { sid: "s-1", username: "u-1", organizationId: "o-1", signedInAt: c.now() - HOUR };
    expect(await w2.check(session)).toBeUndefined();
    await w1.revokeSession("s-1");
    expect(await w2.check(session)).toBe("session");
    await w2.revokeOrganization("o-2");
    expect(await w1.check({ ...session, sid: "s-9", organizationId: "o-2" })).toBe("organization");
  });

  it("a primary that does not answer: refused within the time-out (the check lets the request through, logged)", async () => {
    const lines: string[] = [];
    restoreLog = setLogSink((line) => void lines.push(line));
    const silent = { send: () => {}, on: () => {} };
    const r = new SessionRevocations(new ClusterWorkerRevocations(silent, 50), opts(Date.now));
    const started = Date.now();
    expect(await r.check({ sid: "s-1", username: "u-1", signedInAt: Date.now() })).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(lines.some((l) => l.includes("session revocation store failed"))).toBe(true);
    // Then at once, for a while: every request must not wait for a primary that does not answer.
    const again = Date.now();
    expect(await r.check({ sid: "s-2", username: "u-1", signedInAt: Date.now() })).toBeUndefined();
    expect(Date.now() - again).toBeLessThan(20);
  });
});
