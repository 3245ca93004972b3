/**
 * A value with a copy-to-clipboard control (000 §2.8, §8, §9): with JavaScript a button copies it and a
 * 'Copied' tooltip shows for 1.5 seconds; a failure says 'Something went wrong copying the data.'. Without
 * JavaScript the value is plain text (selectable).
 */
import { useEffect, useState, type ReactNode } from "react";
import { useHydrated } from "../../../components/use-hydrated";
import { copyToClipboard } from "../../../components/clipboard";

export const COPIED_MS = 1500;
export const COPIED_MESSAGE = "Copied";
export const COPY_FAILED_MESSAGE = "Something went wrong copying the data.";

export function CopyButton({ value, label, children }: { value: string; label: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), state === "copied" ? COPIED_MS : 4000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await copyToClipboard(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <span className="copyable">
      <span>{children}</span>
      {hydrated ? (
        <span className="copy-control">
          <button type="button" className="icon-button copy-button" aria-label={label} onClick={copy}>
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z" />
            </svg>
          </button>
          <span role="status" className={state === "idle" ? "visually-hidden" : state === "copied" ? "tooltip" : "tooltip tooltip-error"}>
            {state === "copied" ? COPIED_MESSAGE : state === "failed" ? COPY_FAILED_MESSAGE : ""}
          </span>
        </span>
      ) : null}
    </span>
  );
}
