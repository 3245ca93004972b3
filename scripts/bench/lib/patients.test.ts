import { describe, expect, it } from "vitest";
import { healthPatientsWithRecentSessions, type PatientRecordLike } from "./patients.js";

const record = (id: string, last: string | null, opts: { products?: string[]; discharged?: boolean } = {}): PatientRecordLike => ({
  id,
  products: opts.products ?? ["HEALTH"],
  discharged: opts.discharged ?? false,
  productData: { health: (opts.products ?? ["HEALTH"]).includes("HEALTH") ? { mostRecentSession: last } : null },
});

describe("healthPatientsWithRecentSessions", () => {
  const now = new Date("2026-11-22T12:00:00Z");

  it("keeps active Health patients with a session in the window, most recent first", () => {
    const found = healthPatientsWithRecentSessions(
      [
        record("old", "2026-11-01T10:00:00Z"),
        record("yesterday", "2026-11-21T10:00:00Z"),
        record("today", "2026-11-22T08:00:00Z"),
        record("never", null),
        record("discharged", "2026-11-22T09:00:00Z", { discharged: true }),
        record("gait", "2026-11-22T09:00:00Z", { products: ["GAIT"] }),
        record("future", "2026-11-23T09:00:00Z"),
      ],
      now,
      7,
    );
    expect(found.map((r) => r.id)).toEqual(["today", "yesterday"]);
  });

  it("finds none when no session is recent enough", () => {
    expect(healthPatientsWithRecentSessions([record("old", "2026-10-01T10:00:00Z")], now, 7)).toEqual([]);
  });
});
