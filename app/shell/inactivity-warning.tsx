/**
 * With JavaScript: a warning shortly before the server's inactivity logoff, with a button to stay signed in
 * (which tells the server about the activity). Every navigation resets the timer (the server counts it as
 * activity). When the time is up, the page reloads and the server signs the user out.
 */
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { useEffect, useRef, useState } from "react";
import type { loader as rootLoader } from "../root";
import { announceInactivityWarning } from "./inactivity-events";

export const warningLeadMs = (timeoutMs: number) => Math.min(2 * 60_000, Math.floor(timeoutMs * 0.2));

export function InactivityWarning() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const timeoutMs = (root?.ENV.inactivityTimeoutSeconds ?? 30 * 60) * 1000;
  const location = useLocation();
  const fetcher = useFetcher<{ ok: boolean }>();
  const [warning, setWarning] = useState(false);
  const [since, setSince] = useState(() => Date.now());
  const button = useRef<HTMLButtonElement>(null);

  // Activity the server has seen: a navigation, or a successful "stay signed in".
  useEffect(() => {
    setSince(Date.now());
    setWarning(false);
  }, [location.key]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      setSince(Date.now());
      setWarning(false);
    }
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    const warnIn = since + timeoutMs - warningLeadMs(timeoutMs) - Date.now();
    const endIn = since + timeoutMs - Date.now() + 1000;
    const warnTimer = setTimeout(() => setWarning(true), Math.max(0, warnIn));
    const endTimer = setTimeout(() => window.location.reload(), Math.max(0, endIn));
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(endTimer);
    };
  }, [since, timeoutMs]);

  useEffect(() => {
    if (warning) button.current?.focus();
  }, [warning]);
  // The page's islands follow the warning (the care timer pauses while it shows).
  const announced = useRef(false);
  useEffect(() => {
    if (warning === announced.current) return;
    announced.current = warning;
    announceInactivityWarning(warning);
  }, [warning]);

  if (!warning) return null;
  return (
    <div className="modal-backdrop">
      <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby="inactivity-title" aria-describedby="inactivity-text">
        <h2 id="inactivity-title">Are you still there?</h2>
        <p id="inactivity-text">For your security, you will be signed out soon because of inactivity.</p>
        <fetcher.Form method="post" action="/user/keep-alive/">
          <button ref={button} type="submit" className="button primary">
            Stay signed in
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}
