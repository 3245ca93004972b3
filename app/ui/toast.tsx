/**
 * The flash toast (a later step styles and times it): rendered by the root from the session's flash, in a
 * status region, so it shows without JavaScript.
 */
export interface ToastMessage {
  type: "success" | "error" | "warning" | "info";
  message: string;
}

export function ToastRegion({ toast }: { toast: ToastMessage | null }) {
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toast ? <div className={`toast toast-${toast.type}`}>{toast.message}</div> : null}
    </div>
  );
}
