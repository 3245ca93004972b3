import { describe, expect, it } from "vitest";
import type { ScanSession } from "../../../api/scan.server";
import { replayData } from "./replay-route.server";

const session = (scanVersion: string) => ({ id: "s1", session: { meta: { scanVersion }, data: { assessmentId: "a" } }, artifacts: [] }) as unknown as ScanSession;
const pageOf = async (scanVersion: string, hasLog: boolean) => {
  const response = replayData(new Request("http://portal.test/scan/sessions/s1/replay"), {
    session: session(scanVersion),
    assessmentName: null,
    timeZone: "America/Denver",
    hasLog,
    source: async () => ({ error: { message: "none", status: 404 } }),
  });
  return response.data;
};

describe("the replay page's refusal (002 §8: one message per case, in the spec's order)", () => {
  it("a session older than 2.18.0 without a log says what the sessions list says: 'No pose logs available'", async () => {
    expect((await pageOf("2.17.0", false)).refusal).toBe("No pose logs available");
  });
  it("with a log, a session older than 2.18.0 is refused; from 2.18.0 it replays", async () => {
    expect((await pageOf("2.17.0", true)).refusal).toBe("Cannot replay for sessions < 2.18.0");
    expect((await pageOf("2.18.0", true)).refusal).toBeNull();
    expect((await pageOf("2.18.0", false)).refusal).toBe("No pose logs available");
  });
});
