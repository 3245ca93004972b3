import { describe, expect, it } from "vitest";
import { autoChange, initialSync, shownState, syncStep, timerStateOf, type SyncEvent, type SyncState, type Wanted } from "./care-timer-sync";

/** Runs events from a state; answers what was sent, in order, and the last state. */
function run(from: SyncState, events: SyncEvent[]): { sent: Wanted[]; state: SyncState } {
  const sent: Wanted[] = [];
  let state = from;
  for (const e of events) {
    const step = syncStep(state, e);
    state = step.state;
    if (step.send) sent.push(step.send);
  }
  return { sent, state };
}

const away: SyncEvent = { type: "away", away: true };
const back: SyncEvent = { type: "away", away: false };
const answered = (state: "running" | "paused" | "none" | undefined): SyncEvent => ({ type: "answered", state });
const loaded = (state: "running" | "paused" | "none"): SyncEvent => ({ type: "loaded", state });

describe("the care timer island's automatic pause and resume", () => {
  it("pauses a running timer when away and resumes it when back", () => {
    const { sent, state } = run(initialSync("running"), [away, answered("paused"), loaded("paused"), back, answered("running"), loaded("running")]);
    expect(sent).toEqual(["PAUSED", "RUNNING"]);
    expect(state).toMatchObject({ server: "running", autoPaused: false, inFlight: null, queued: null });
  });

  it("sends a pause wanted while the resume is in flight after its answer, not alongside it", () => {
    const s1 = run(initialSync("running"), [away, answered("paused"), loaded("paused"), back]);
    expect(s1.sent).toEqual(["PAUSED", "RUNNING"]);
    // The resume is in flight: away again sends nothing yet, shows paused at once.
    const s2 = run(s1.state, [away]);
    expect(s2.sent).toEqual([]);
    expect(shownState(s2.state)).toBe("paused");
    // The resume's answer: the pause follows.
    const s3 = run(s2.state, [answered("running")]);
    expect(s3.sent).toEqual(["PAUSED"]);
    expect(s3.state).toMatchObject({ inFlight: "PAUSED", queued: null, autoPaused: true });
  });

  it("pauses after a resume even when the page's data loaded since is older and still says paused (the flaky E2E's race)", () => {
    // The resume answered; the data loaded before its answer said "paused". Then the inactivity warning shows.
    const { sent, state } = run(initialSync("running"), [away, answered("paused"), loaded("paused"), back, loaded("paused"), answered("running"), away]);
    expect(sent).toEqual(["PAUSED", "RUNNING", "PAUSED"]);
    expect(shownState(state)).toBe("paused");
  });

  it("ignores data loaded while a request is in flight: it neither decides nor shows", () => {
    const s = run(initialSync("running"), [away, loaded("running")]);
    expect(s.state).toMatchObject({ server: "running", inFlight: "PAUSED" });
    expect(shownState(s.state)).toBe("paused");
    const after = run(s.state, [back]);
    expect(shownState(after.state)).toBe("running");
    expect(after.state.queued).toBe("RUNNING");
  });

  it("sends only the latest wanted state after the request in flight, and nothing when the server is already so", () => {
    // Away, back, away, back, away within one pause in flight: the server ends paused with no more requests.
    const quick = run(initialSync("running"), [away, back, away, back, away, answered("paused")]);
    expect(quick.sent).toEqual(["PAUSED"]);
    expect(quick.state).toMatchObject({ server: "paused", inFlight: null, queued: null, autoPaused: true });
    // Away, back within one pause in flight: the resume follows the pause's answer.
    const twice = run(initialSync("running"), [away, back, answered("paused")]);
    expect(twice.sent).toEqual(["PAUSED", "RUNNING"]);
    expect(shownState(twice.state)).toBe("running");
  });

  it("a request that failed leaves the server as it was known; the next wanted state is sent after it", () => {
    const { sent, state } = run(initialSync("running"), [away, back, answered(undefined)]);
    // The pause failed: the server is known running, which is what is now wanted.
    expect(sent).toEqual(["PAUSED"]);
    expect(state).toMatchObject({ server: "running", inFlight: null, queued: null });
  });

  it("resumes only its own pause: a timer paused elsewhere waits for its Resume button", () => {
    expect(run(initialSync("paused"), [away, back]).sent).toEqual([]);
    expect(run(initialSync("none"), [away, back]).sent).toEqual([]);
  });

  it("sends nothing while another post of the timer waits or runs; a Stop drops what was wanted meanwhile", () => {
    const stopping = run(initialSync("running"), [{ type: "held", held: true }, away]);
    expect(stopping.sent).toEqual([]);
    expect(shownState(stopping.state)).toBe("paused");
    const stopped = run(stopping.state, [loaded("none"), { type: "held", held: false }, back]);
    expect(stopped.sent).toEqual([]);
    expect(stopped.state).toMatchObject({ server: "none", autoPaused: false, queued: null });
    // A Stop that failed: the pause wanted meanwhile is sent when it is over.
    const failed = run(stopping.state, [loaded("running"), { type: "held", held: false }]);
    expect(failed.sent).toEqual(["PAUSED"]);
  });

  it("an answer that the timer is gone ends the island's part", () => {
    const { sent, state } = run(initialSync("running"), [away, back, answered("none")]);
    expect(sent).toEqual(["PAUSED"]);
    expect(state).toMatchObject({ server: "none", autoPaused: false, queued: null, inFlight: null });
    expect(shownState(state)).toBe("none");
  });
});

describe("the server side of an automatic pause or resume", () => {
  const running = { pausedAt: null };
  const paused = { pausedAt: "2026-11-27T13:00:00.000Z" };
  it("never starts a timer (stopped meanwhile): the API's PUT would", () => {
    expect(autoChange(null, "RUNNING")).toBeNull();
    expect(autoChange(null, "PAUSED")).toBeNull();
  });
  it("changes an existing timer, and leaves one already as wanted", () => {
    expect(autoChange(running, "PAUSED")).toBe("PAUSED");
    expect(autoChange(paused, "RUNNING")).toBe("RUNNING");
    expect(autoChange(running, "RUNNING")).toBeNull();
    expect(autoChange(paused, "PAUSED")).toBeNull();
  });
  it("reads a timer's state", () => {
    expect([timerStateOf(null), timerStateOf(running), timerStateOf(paused)]).toEqual(["none", "running", "paused"]);
  });
});
