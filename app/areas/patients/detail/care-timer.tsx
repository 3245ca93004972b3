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
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { CareTimer } from "../../../api/care-timer.server";
import { formatElapsed } from "../../../domain/care-timer";
import { FormToken } from "../../../forms/form-token";
import { INACTIVITY_WARNING_EVENT, type InactivityWarningDetail } from "../../../shell/inactivity-events";
import { productPath } from "../rules/patient-detail";
import { usePatientRecord } from "./route-data";

export type CareTimerView = { timer: CareTimer | null } | { error: string };

export const CARE_TIMER_LABEL = "Care timer";
export const CARE_TIMER_PAUSED = "Paused";
export const CARE_TIMER_HINT = "Stop the timer to add a care note with its minutes.";

export function CareTimerControl({ view }: { view: CareTimerView }) {
  const location = useLocation();
  const { record } = usePatientRecord();
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
  return <TimerSection timer={view.timer} back={back} action={action} />;
}

function TimerSection({ timer, back, action }: { timer: CareTimer | null; back: string; action: string }) {
  useAutoPause(timer === null ? "none" : timer.pausedAt === null ? "running" : "paused", action);
  return (
    <section className="care-timer" aria-labelledby="care-timer-title">
      <h2 id="care-timer-title" className="care-timer-title">
        {CARE_TIMER_LABEL}
      </h2>
      {timer ? (
        <RunningTimer timer={timer} back={back} action={action} />
      ) : (
        <TimerForm intent="care-timer-start" back={back} action={action} className="button">
          Start Care Timer
        </TimerForm>
      )}
    </section>
  );
}

function RunningTimer({ timer, back, action }: { timer: CareTimer; back: string; action: string }) {
  const paused = timer.pausedAt !== null;
  return (
    <>
      <p className="care-timer-time">
        {/* A new answer of the server starts the clock afresh from its figure. */}
        <Clock key={`${timer.startedAt}|${timer.pausedAt}|${timer.elapsedSeconds}`} seconds={timer.elapsedSeconds} running={!paused} />
        {paused ? <span className="tag">{CARE_TIMER_PAUSED}</span> : null}
      </p>
      {paused ? (
        <TimerForm intent="care-timer-resume" back={back} action={action} className="button">
          Resume
        </TimerForm>
      ) : null}
      <TimerForm intent="care-timer-stop" back={back} action={action} className="button primary" describedBy="care-timer-hint">
        Stop Care Timer
      </TimerForm>
      <p id="care-timer-hint" className="care-timer-hint">
        {CARE_TIMER_HINT}
      </p>
    </>
  );
}

/** One post of the timer: a plain form without JavaScript, a fetcher with it; disabled while it runs. */
function TimerForm({ intent, back, action, className, describedBy, children }: { intent: string; back: string; action: string; className: string; describedBy?: string; children: ReactNode }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} className="care-timer-form">
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
  useEffect(() => {
    if (!running) return;
    const since = Date.now();
    const tick = setInterval(() => setShown(seconds + Math.max(0, Math.floor((Date.now() - since) / 1000))), 1000);
    return () => clearInterval(tick);
  }, [seconds, running]);
  return (
    <span role="timer" aria-label={`${CARE_TIMER_LABEL}: ${formatElapsed(shown)}${running ? "" : `, ${CARE_TIMER_PAUSED.toLowerCase()}`}`} className="care-timer-clock">
      {formatElapsed(shown)}
    </span>
  );
}

/**
 * Pauses the timer on the server while the tab is hidden or the inactivity warning shows, and resumes it when
 * both are over — only a pause this page made (a timer paused elsewhere waits for its Resume button).
 */
function useAutoPause(state: "none" | "running" | "paused", action: string) {
  const fetcher = useFetcher();
  const submit = useRef(fetcher.submit);
  const autoPaused = useRef(false);
  const stateRef = useRef(state);
  const actionRef = useRef(action);
  useEffect(() => {
    submit.current = fetcher.submit;
    actionRef.current = action;
    stateRef.current = state;
    if (state === "none") autoPaused.current = false;
  });
  useEffect(() => {
    let warned = false;
    const post = (intent: "care-timer-pause" | "care-timer-resume") => void submit.current({ intent, auto: "1" }, { method: "post", action: actionRef.current });
    const update = () => {
      const away = document.visibilityState === "hidden" || warned;
      if (away && stateRef.current === "running" && !autoPaused.current) {
        autoPaused.current = true;
        post("care-timer-pause");
      } else if (!away && autoPaused.current) {
        autoPaused.current = false;
        post("care-timer-resume");
      }
    };
    const onWarning = (e: Event) => {
      warned = (e as CustomEvent<InactivityWarningDetail>).detail.shown;
      update();
    };
    document.addEventListener("visibilitychange", update);
    window.addEventListener(INACTIVITY_WARNING_EVENT, onWarning);
    return () => {
      document.removeEventListener("visibilitychange", update);
      window.removeEventListener(INACTIVITY_WARNING_EVENT, onWarning);
    };
  }, []);
}
