/**
 * Toasts (000 §2.3, §9): success, error, warning and info, at the top right.
 *
 * They come from the session's flash (Post/Redirect/Get): the root renders the flashed toast in a
 * `role="status"` live region, so it shows without JavaScript (its Close button reloads the page, which no
 * longer carries it). With JavaScript each toast closes after 4 seconds (the timer pauses while it is
 * hovered or focused), Close removes it at once, and toasts flashed by later navigations and submissions are
 * added to the region. Code in the browser adds one with `showToast` (e.g. after copying to the clipboard).
 */
import { useLocation } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "./use-hydrated";

export type ToastType = "success" | "error" | "warning" | "info";

export interface ToastMessage {
  type: ToastType;
  message: string;
}

export const TOAST_DURATION_MS = 4000;

export const TOAST_LABELS: Record<ToastType, string> = { success: "Success", error: "Error", warning: "Warning", info: "Info" };

const isToastType = (t: unknown): t is ToastType => typeof t === "string" && t in TOAST_LABELS;

interface Item extends ToastMessage {
  id: number;
}

let nextId = 1;

const TOAST_EVENT = "portal:toast";

/** Shows a toast from the browser (the same region, the same timing as flashed toasts). */
export function showToast(toast: ToastMessage): void {
  window.dispatchEvent(new CustomEvent<ToastMessage>(TOAST_EVENT, { detail: toast }));
}

export function ToastRegion({ toast }: { toast: ToastMessage | null }) {
  const [items, setItems] = useState<Item[]>(() => (toast ? [{ ...toast, id: 0 }] : []));
  const seen = useRef(toast);

  useEffect(() => {
    const add = (e: Event) => {
      const detail = (e as CustomEvent<ToastMessage>).detail;
      if (detail) setItems((list) => [...list, { ...detail, id: nextId++ }]);
    };
    window.addEventListener(TOAST_EVENT, add);
    return () => window.removeEventListener(TOAST_EVENT, add);
  }, []);

  // A new toast from the root's loader (each load is a new object; no toast is null).
  useEffect(() => {
    if (toast && toast !== seen.current) setItems((list) => [...list, { ...toast, id: nextId++ }]);
    seen.current = toast;
  }, [toast]);

  const dismiss = (id: number) => setItems((list) => list.filter((t) => t.id !== id));

  return (
    <div className="toasts" role="status" aria-live="polite" aria-atomic="false">
      {items.map((t) => (
        <ToastItem key={t.id} toast={t} onClose={() => dismiss(t.id)} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onClose }: { toast: ToastMessage; onClose: () => void }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [paused, setPaused] = useState(false);
  const type = isToastType(toast.type) ? toast.type : "info";

  useEffect(() => {
    if (!hydrated || paused) return;
    const timer = setTimeout(onClose, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
    // onClose is a new function every render; the timer restarts only when the pause changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, paused]);

  const params = [...new URLSearchParams(location.search)];
  return (
    <div
      className={`toast toast-${type}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p className="toast-message">
        <strong className="toast-type">{TOAST_LABELS[type]}:</strong> {toast.message}
      </p>
      {hydrated ? (
        <button type="button" className="icon-button toast-close" aria-label="Close notification" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      ) : (
        // Without JavaScript: reload the page (the flash is already gone).
        <form method="get" action={location.pathname} className="toast-close-form">
          {params.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <button type="submit" className="icon-button toast-close" aria-label="Close notification">
            <span aria-hidden="true">×</span>
          </button>
        </form>
      )}
    </div>
  );
}
