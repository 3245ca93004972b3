/**
 * The care timer (ADR 033, issue 26) through the API: kept by the server (a second read, as from another tab or
 * device, sees the same start), a repeated start keeps the first, pauses are left out of the minutes, a stop
 * answers the completed minutes (rounded down) and removes the timer; only the caller's own timer (another
 * practitioner of the organization has none; a practitioner at other locations and another organization are
 * refused); care notes record whether their minutes were TIMED or TYPED — TIMED only from the server's record of a
 * stopped timer (issue 32), never from a client's word.
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
    expect(await rt({ op: "getCareTimer", as: "PRACTITIONER", params: id })).toEqual({ timer: null, stopped: [] });
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
    expect(stopped.minutes).toBe(10);
    expect(stopped.startedAt).toBe(started.startedAt);
    // The timer is gone; the record of its minutes stays until a care note takes them (issue 32).
    expect(await rt({ op: "getCareTimer", as: "PRACTITIONER", params: id })).toEqual({ timer: null, stopped: [stopped] });
    const twice = await rtCall({ op: "stopCareTimer", as: "PRACTITIONER", params: id });
    expectError(twice, 404);
    expect(twice.body.message).toBe("No care timer is running");
  });

  it("is the caller's own: another practitioner of the organization neither sees nor stops it", async () => {
    const p = await newPatient(w);
    const id = { id: p.id };
    await rt({ op: "setCareTimer", as: "PRACTITIONER", params: id, body: { state: "RUNNING", startedAt: minutesAgo(3) } });
    expect(await rt({ op: "getCareTimer", as: "PROVIDER_ADMIN", params: id })).toEqual({ timer: null, stopped: [] });
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
    expect(await rt({ op: "getCareTimer", as: "PRACTITIONER", params: id })).toEqual({ timer: null, stopped: [] });
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
  it("TIMED only from the caller's stopped timer with its minutes; TYPED otherwise, whatever the client says (issue 32)", async () => {
    const p = await newPatient(w);
    const id = { id: p.id };
    const typed = await rt({ op: "createCareNote", as: "PRACTITIONER", params: id, body: { date: w.today, minutes: 5, notes: "Typed" } });
    expect(typed.source).toBe("TYPED");
    // A forged source: no timer, so TYPED.
    const forged = await rt({ op: "createCareNote", as: "PRACTITIONER", params: id, body: { date: w.today, minutes: 45, notes: "Forged", source: "TIMED" } });
    expect(forged.source).toBe("TYPED");
    expect((await rt({ op: "updateCareNote", as: "PRACTITIONER", params: { id: p.id, interactionId: forged.id }, body: { source: "TIMED" } })).source).toBe("TYPED");
    await rt({ op: "setCareTimer", as: "PRACTITIONER", params: id, body: { state: "RUNNING", startedAt: minutesAgo(12) } });
    const stop = await rt({ op: "stopCareTimer", as: "PRACTITIONER", params: id });
    // Another practitioner cannot take the caller's timed minutes.
    const theirs = await rtCall({ op: "createCareNote", as: "PROVIDER_ADMIN", params: id, body: { date: w.today, minutes: 12, notes: "Not mine", timerId: stop.id } });
    expectError(theirs, 400);
    expect(theirs.body.message).toMatch(/^timerId: /);
    const timed = await rt({ op: "createCareNote", as: "PRACTITIONER", params: id, body: { date: w.today, minutes: 12, notes: "Timed", timerId: stop.id } });
    expect(timed.source).toBe("TIMED");
    // Used up: neither listed nor taken twice.
    expect((await rt({ op: "getCareTimer", as: "PRACTITIONER", params: id })).stopped).toEqual([]);
    expectError(await rtCall({ op: "createCareNote", as: "PRACTITIONER", params: id, body: { date: w.today, minutes: 12, notes: "Again", timerId: stop.id } }), 400);
    // Minutes changed from the timer's: TYPED (and the timer is used up).
    await rt({ op: "setCareTimer", as: "PRACTITIONER", params: id, body: { state: "RUNNING", startedAt: minutesAgo(7) } });
    const stop2 = await rt({ op: "stopCareTimer", as: "PRACTITIONER", params: id });
    expect((await rt({ op: "createCareNote", as: "PRACTITIONER", params: id, body: { date: w.today, minutes: 9, notes: "Edited", timerId: stop2.id } })).source).toBe("TYPED");
    const textOnly = await rt({ op: "updateCareNote", as: "PRACTITIONER", params: { id: p.id, interactionId: timed.id }, body: { notes: "Timed, edited text" } });
    expect(textOnly.source).toBe("TIMED");
    const edited = await rt({ op: "updateCareNote", as: "PRACTITIONER", params: { id: p.id, interactionId: timed.id }, body: { minutes: 15 } });
    expect(edited.source).toBe("TYPED");
    const listed = await rt({ op: "listCareNotes", as: "PRACTITIONER", params: id });
    expect(listed.map((n: { source: string }) => n.source).sort()).toEqual(["TYPED", "TYPED", "TYPED", "TYPED"]);
  });
});
