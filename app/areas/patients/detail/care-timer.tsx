/**
 * The care timer on a Health patient's page (ADR 033, issue 26): the signed-in practitioner's own timer, kept by
 * the API, so it survives reloads, tabs and devices. Start, Stop and Resume are form posts to the product route
 * (care-timer-action.server.ts) that work without JavaScript; Stop opens the Add Care Note dialog with the
 * completed minutes filled in (editable; the note records TIMED or TYPED).
 *
 * With JavaScript (an island): the posts go through fetchers, the running time ticks, and the timer pauses on
 * the server while the tab is hidden or the inactivity warning shows, and resumes when the tab is back or the
 * practitioner stays signed in — so the minutes leave that time out. Without JavaScript it runs from Start to
 * Stop, and the time shown is as of the page's load.
 */
import { useFetcher, useLocation } from "react-router";
import { Link } from "../../../components/link";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { CareTimer, StoppedCareTimer } from "../../../api/care-timer.server";
import { TIMER_PARAM } from "./care-timer-intents";
import { timedWhen, TIMED_KEPT } from "../sections/timed-words";
import { formatElapsed } from "../../../domain/care-timer";
import { FormToken } from "../../../forms/form-token";
import { INACTIVITY_WARNING_EVENT, type InactivityWarningDetail } from "../../../shell/inactivity-events";
import { productPath, sectionPath } from "../rules/patient-detail";
import { usePatientRecord } from "./route-data";
import type { CareTimerActionData } from "./care-timer-action.server";
import { initialSync, shownState, syncStep, timerStateOf, type SyncEvent } from "./care-timer-sync";

export type CareTimerView = { timer: CareTimer | null; stopped: StoppedCareTimer[] } | { error: string };

export const CARE_TIMER_LABEL = "Care timer";
export const CARE_TIMER_PAUSED = "Paused";
export const CARE_TIMER_HINT = "Stop the timer to add a care note with its minutes.";

export function CareTimerControl({ view }: { view: CareTimerView }) {
  const location = useLocation();
  const { record, timeZone } = usePatientRecord();
  const back = `${location.pathname}${location.search}`;
  // The product route's action (as the program's unassign): its own URL, so no index route takes the post.
  const action = productPath(record.id, "health");
  if ("error" in view) {
    return (
      <p className="care-timer notice notice-info" role="note">
        {view.error}
      </p>
    );
  }
  return (
    <>
      <TimerSection timer={view.timer} back={back} action={action} />
      {view.stopped.length > 0 ? <StoppedTimers stopped={view.stopped} recordId={record.id} timeZone={timeZone} /> : null}
    </>
  );
}

/**
 * Stopped timers whose minutes no care note has taken yet (issue 32): the API keeps them — a timer stopped on a
 * day or month a note cannot go to loses nothing — and each says where its minutes can go, with a link to the Add
 * Care Note dialog that takes them.
 */
function StoppedTimers({ stopped, recordId, timeZone }: { stopped: StoppedCareTimer[]; recordId: string; timeZone: string }) {
  return (
    <section className="care-timer-stopped notice notice-info" aria-labelledby="care-timer-stopped-title">
      <h3 id="care-timer-stopped-title">Timed minutes not yet in a care note</h3>
      <p>{TIMED_KEPT}</p>
      <ul>
        {stopped.map((t) => (
          <li key={t.id}>
            {timedWhen(t, timeZone)}{" "}
            <Link to={`${sectionPath(recordId, "health", "care")}?dialog=care-note-new&${TIMER_PARAM}=${encodeURIComponent(t.id)}`}>Add a care note with them</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TimerSection({ timer, back, action }: { timer: CareTimer | null; back: string; action: string }) {
  const [holders, setHolders] = useState<Readonly<Record<string, boolean>>>({});
  const held = Object.values(holders).some(Boolean);
  const sync = useTimerSync(timer, held, action);
  const hold = useCallback((intent: string, on: boolean) => setHolders((h) => ((h[intent] ?? false) === on ? h : { ...h, [intent]: on })), []);
  const gate: Gate = useMemo(() => ({ islandBusy: sync.inFlight, hold }), [sync.inFlight, hold]);
  return (
    <section className="care-timer" aria-labelledby="care-timer-title">
      <h2 id="care-timer-title" className="care-timer-title">
        {CARE_TIMER_LABEL}
      </h2>
      {timer && sync.shown !== "none" ? (
        <RunningTimer timer={timer} paused={sync.shown === "paused"} back={back} action={action} gate={gate} />
      ) : (
        <TimerForm intent="care-timer-start" back={back} action={action} className="button" gate={gate}>
          Start Care Timer
        </TimerForm>
      )}
    </section>
  );
}

/** Posts of the buttons wait for the island's request in flight, and hold the island while they wait or run. */
interface Gate {
  islandBusy: boolean;
  hold: (intent: string, on: boolean) => void;
}

function RunningTimer({ timer, paused, back, action, gate }: { timer: CareTimer; paused: boolean; back: string; action: string; gate: Gate }) {
  return (
    <>
      <p className="care-timer-time">
        {/* A new answer of the server starts the clock afresh from its figure. */}
        <Clock key={`${timer.startedAt}|${timer.pausedAt}|${timer.elapsedSeconds}`} seconds={timer.elapsedSeconds} running={!paused} />
        {paused ? <span className="tag">{CARE_TIMER_PAUSED}</span> : null}
      </p>
      {paused ? (
        <TimerForm intent="care-timer-resume" back={back} action={action} className="button" gate={gate}>
          Resume
        </TimerForm>
      ) : null}
      <TimerForm intent="care-timer-stop" back={back} action={action} className="button primary" describedBy="care-timer-hint" gate={gate}>
        Stop Care Timer
      </TimerForm>
      <p id="care-timer-hint" className="care-timer-hint">
        {CARE_TIMER_HINT}
      </p>
    </>
  );
}

/**
 * One post of the timer: a plain form without JavaScript, a fetcher with it; disabled while it runs. With
 * JavaScript it waits for the island's automatic pause or resume in flight (a Stop must reach the server after
 * it, or that request would act on a stopped timer), and holds the island while it waits or runs.
 */
function TimerForm({ intent, back, action, className, describedBy, gate, children }: { intent: string; back: string; action: string; className: string; describedBy?: string; gate: Gate; children: ReactNode }) {
  const fetcher = useFetcher();
  const form = useRef<HTMLFormElement>(null);
  const [waiting, setWaiting] = useState(false);
  const sent = useRef(false);
  const busy = fetcher.state !== "idle" || waiting;
  const { hold, islandBusy } = gate;
  useEffect(() => hold(intent, busy), [hold, intent, busy]);
  useEffect(() => () => hold(intent, false), [hold, intent]);
  useEffect(() => {
    if (!waiting) return;
    if (sent.current) {
      if (fetcher.state !== "idle") {
        sent.current = false;
        setWaiting(false);
      }
    } else if (!islandBusy && form.current) {
      sent.current = true;
      void fetcher.submit(form.current);
    }
  }, [waiting, islandBusy, fetcher]);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={action}
      className="care-timer-form"
      onSubmit={(e) => {
        if (!islandBusy) return;
        e.preventDefault();
        setWaiting(true);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={back} />
      <FormToken />
      <button type="submit" className={className} aria-disabled={busy || undefined} aria-describedby={describedBy} onClick={(e) => busy && e.preventDefault()}>
        {children}
      </button>
    </fetcher.Form>
  );
}

/** The server's figure, then (with JavaScript) counting on while the timer runs. Not a live region. */
function Clock({ seconds, running }: { seconds: number; running: boolean }) {
  const [shown, setShown] = useState(seconds);
  const latest = useRef(seconds);
  useEffect(() => {
    latest.current = shown;
  });
  useEffect(() => {
    if (!running) return;
    // From the figure shown (a pause shown before the server's answer keeps it), counting on.
    const base = latest.current;
    const since = Date.now();
    const tick = setInterval(() => setShown(base + Math.max(0, Math.floor((Date.now() - since) / 1000))), 1000);
    return () => clearInterval(tick);
  }, [running]);
  return (
    <span role="timer" aria-label={`${CARE_TIMER_LABEL}: ${formatElapsed(shown)}${running ? "" : `, ${CARE_TIMER_PAUSED.toLowerCase()}`}`} className="care-timer-clock">
      {formatElapsed(shown)}
    </span>
  );
}

/**
 * The island's automatic pause and resume (care-timer-sync.ts): pauses the timer on the server while the tab is
 * hidden or the inactivity warning shows, and resumes it when both are over — only a pause this page made (a timer
 * paused elsewhere waits for its Resume button). One request in flight at a time, the latest wanted state sent
 * after it; the page shows the latest wanted state, never data older than the request in flight.
 */
function useTimerSync(timer: CareTimer | null, held: boolean, action: string) {
  const fetcher = useFetcher<CareTimerActionData>();
  const [sync, setSync] = useState(() => initialSync(timerStateOf(timer)));
  const current = useRef(sync);
  const latest = useRef({ submit: fetcher.submit, data: fetcher.data, action });
  /** The request sent and not answered yet: whether the fetcher was seen busy since, and its data when sent. */
  const pending = useRef<{ seenBusy: boolean; data: unknown } | null>(null);
  useEffect(() => {
    latest.current = { submit: fetcher.submit, data: fetcher.data, action };
  });
  const dispatch = useCallback((event: SyncEvent) => {
    const { state, send } = syncStep(current.current, event);
    current.current = state;
    setSync(state);
    if (send) {
      pending.current = { seenBusy: false, data: latest.current.data };
      void latest.current.submit({ intent: send === "PAUSED" ? "care-timer-pause" : "care-timer-resume", auto: "1" }, { method: "post", action: latest.current.action });
    }
  }, []);

  // Order matters within one commit: the answer first, then the data loaded after it, then the hold.
  useEffect(() => {
    const p = pending.current;
    if (!p) return;
    if (fetcher.state !== "idle") {
      p.seenBusy = true;
      return;
    }
    if (!p.seenBusy && fetcher.data === p.data) return;
    pending.current = null;
    const answer = fetcher.data;
    dispatch({ type: "answered", state: answer && answer.ok ? answer.state : undefined });
  }, [fetcher.state, fetcher.data, dispatch]);
  useEffect(() => dispatch({ type: "loaded", state: timerStateOf(timer) }), [timer, dispatch]);
  useEffect(() => dispatch({ type: "held", held }), [held, dispatch]);

  useEffect(() => {
    let warned = false;
    const update = () => dispatch({ type: "away", away: document.visibilityState === "hidden" || warned });
    const onWarning = (e: Event) => {
      warned = (e as CustomEvent<InactivityWarningDetail>).detail.shown;
      update();
    };
    document.addEventListener("visibilitychange", update);
    window.addEventListener(INACTIVITY_WARNING_EVENT, onWarning);
    // A page opened in a background tab starts hidden.
    if (document.visibilityState === "hidden") update();
    return () => {
      document.removeEventListener("visibilitychange", update);
      window.removeEventListener(INACTIVITY_WARNING_EVENT, onWarning);
    };
  }, [dispatch]);
  // Idle, the page's data as it is now (the island's copy follows it after this render).
  const shown = sync.inFlight !== null || sync.queued !== null ? shownState(sync) : timerStateOf(timer);
  return { shown, inFlight: sync.inFlight !== null };
}
