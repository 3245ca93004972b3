/**
 * The care timer (ADR 033, issue 26) through the API: kept by the server (a second read, as from another tab or
 * device, sees the same start), a repeated start keeps the first, pauses are left out of the minutes, a stop
 * answers the completed minutes (rounded down) and removes the timer; only the caller's own timer (another
 * practitioner of the organization has none; a practitioner at other locations and another organization are
 * refused); care notes record whether their minutes were TIMED or TYPED.
 */
import { describe, expect, it } from "vitest";
import { expectError, hasRole, rt, rtCall } from "./lib/client.js";
import { fileWorld, newPatient } from "./lib/world.js";

const w = fileWorld();

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe("the care timer", () => {
  it("is kept by the server: started, read again, paused, resumed, stopped with its completed minutes", async () => {
    const p = await newPatient(w);
    const id = { id: p.id };
    expect(await rt({ op: "getCareTimer", as: "PRACTITIONER", params: id })).toEqual({ timer: null });
    const started = await rt({ op: "setCareTimer", as: "PRACTITIONER", params: id, body: { state: "RUNNING", startedAt: minutesAgo(10) } });
    expect(started).toMatchObject({ pausedAt: null, pausedSeconds: 0, minutes: 10 });
    // Another tab or device: the same timer.
    const again = await rt({ op: "getCareTimer", as: "PRACTITIONER", params: id });
    expect(again.timer.startedAt).toBe(started.startedAt);
    // A second Start (a double submit, another tab) keeps the first start.
    const restarted = await rt({ op: "setCareTimer", as: "PRACTITIONER", params: id, body: { state: "RUNNING", startedAt: minutesAgo(1) } });
    expect(restarted.startedAt).toBe(started.startedAt);

    const paused = await rt({ op: "setCareTimer", as: "PRACTITIONER", params: id, body: { state: "PAUSED" } });
    expect(paused.pausedAt).not.toBeNull();
    expect(paused.minutes).toBe(10);
    const pausedAgain = await rt({ op: "setCareTimer", as: "PRACTITIONER", params: id, body: { state: "PAUSED" } });
    expect(pausedAgain.pausedAt).toBe(paused.pausedAt);
    const resumed = await rt({ op: "setCareTimer", as: "PRACTITIONER", params: id, body: { state: "RUNNING" } });
    expect(resumed.pausedAt).toBeNull();
    // The pause's whole seconds are left out: elapsed = (now − start) − pausedSeconds.
    const wall = Math.floor((Date.now() - new Date(started.startedAt).getTime()) / 1000);
    expect(resumed.elapsedSeconds).toBeLessThanOrEqual(wall - resumed.pausedSeconds + 1);

    const stopped = await rt({ op: "stopCareTimer", as: "PRACTITIONER", params: id });
    expect(stopped.minutes).toBe(Math.floor(stopped.elapsedSeconds / 60));
    expect(stopped.minutes).toBe(10);
    expect(await rt({ op: "getCareTimer", as: "PRACTITIONER", params: id })).toEqual({ timer: null });
    const twice = await rtCall({ op: "stopCareTimer", as: "PRACTITIONER", params: id });
    expectError(twice, 404);
    expect(twice.body.message).toBe("No care timer is running");
  });

  it("is the caller's own: another practitioner of the organization neither sees nor stops it", async () => {
    const p = await newPatient(w);
    const id = { id: p.id };
    await rt({ op: "setCareTimer", as: "PRACTITIONER", params: id, body: { state: "RUNNING", startedAt: minutesAgo(3) } });
    expect(await rt({ op: "getCareTimer", as: "PROVIDER_ADMIN", params: id })).toEqual({ timer: null });
    expectError(await rtCall({ op: "stopCareTimer", as: "PROVIDER_ADMIN", params: id }), 404);
    // The admin's own timer on the same patient is a separate one.
    const theirs = await rt({ op: "setCareTimer", as: "PROVIDER_ADMIN", params: id, body: { state: "PAUSED" } });
    expect(theirs.minutes).toBe(0);
    const mine = await rt({ op: "getCareTimer", as: "PRACTITIONER", params: id });
    expect(mine.timer).toMatchObject({ pausedAt: null, minutes: 3 });
    await rt({ op: "stopCareTimer", as: "PROVIDER_ADMIN", params: id });
    expect((await rt({ op: "getCareTimer", as: "PRACTITIONER", params: id })).timer).not.toBeNull();
  });

  it("is refused on a patient of another organization and at another location", async () => {
    const p = await newPatient(w);
    const id = { id: p.id };
    for (const op of ["getCareTimer", "setCareTimer", "stopCareTimer"]) {
      const body = op === "setCareTimer" ? { state: "RUNNING" } : undefined;
      expectError(await rtCall({ op, as: "OTHER_ORG", params: id, body }), [403, 404]);
      if (hasRole("PRACTITIONER2")) expectError(await rtCall({ op, as: "PRACTITIONER2", params: id, body }), 404);
    }
    expect(await rt({ op: "getCareTimer", as: "PRACTITIONER", params: id })).toEqual({ timer: null });
  });

  it("refuses a start in the future or more than 12 hours ago", async () => {
    const p = await newPatient(w);
    const future = await rtCall({ op: "setCareTimer", as: "PRACTITIONER", params: { id: p.id }, body: { state: "RUNNING", startedAt: minutesAgo(-30) } });
    expectError(future, 400);
    expect(future.body.message).toBe("startedAt: The start cannot be in the future");
    const early = await rtCall({ op: "setCareTimer", as: "PRACTITIONER", params: { id: p.id }, body: { state: "RUNNING", startedAt: minutesAgo(13 * 60) } });
    expectError(early, 400);
    expect(early.body.message).toBe("startedAt: The start cannot be more than 12 hours ago");
  });
});

describe("care notes: timed or typed", () => {
  it("keeps the source given, TYPED by default, and TYPED once the minutes are edited", async () => {
    const p = await newPatient(w);
    const id = { id: p.id };
    const typed = await rt({ op: "createCareNote", as: "PRACTITIONER", params: id, body: { date: w.today, minutes: 5, notes: "Typed" } });
    expect(typed.source).toBe("TYPED");
    const timed = await rt({ op: "createCareNote", as: "PRACTITIONER", params: id, body: { date: w.today, minutes: 12, notes: "Timed", source: "TIMED" } });
    expect(timed.source).toBe("TIMED");
    const textOnly = await rt({ op: "updateCareNote", as: "PRACTITIONER", params: { id: p.id, interactionId: timed.id }, body: { notes: "Timed, edited text" } });
    expect(textOnly.source).toBe("TIMED");
    const edited = await rt({ op: "updateCareNote", as: "PRACTITIONER", params: { id: p.id, interactionId: timed.id }, body: { minutes: 15 } });
    expect(edited.source).toBe("TYPED");
    const listed = await rt({ op: "listCareNotes", as: "PRACTITIONER", params: id });
    expect(listed.map((n: { source: string }) => n.source).sort()).toEqual(["TYPED", "TYPED"]);
  });
});
