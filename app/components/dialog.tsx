/**
 * The one modal dialog of the portal (000 §2.3). Every dialog has a URL (`?add=true`, `?dialog=discharge`, …):
 * the route that owns it renders it open on the server, so it works without JavaScript as an overlay on the
 * page, and its close link goes back to the URL without the dialog's parameter.
 *
 *   <Dialog title="Add New Patient" closeHref={withoutParams(location, ["add"])}>…form…</Dialog>
 *
 * Its URLs — the link that opens it, the close link — come from app/shell/dialog-url.ts, which pages import without this file.
 *
 * A dialog whose form changes data says so (`changes`): a read-only user (support staff, ADR 026) who opens
 * its URL gets the dialog with the refusal's words and Close instead of its form (shell/read-only.ts).
 *
 * With JavaScript: focus moves into the dialog when it opens (the first `[autofocus]` or form control, else
 * the dialog itself), Tab and Shift+Tab stay inside it, Escape follows the close link, and focus returns to
 * where it was when the dialog closes.
 */
import { useNavigate } from "react-router";
import { Link } from "./link";
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { READ_ONLY_NOTICE, useReadOnly } from "../shell/read-only";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
const INITIAL = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

export interface DialogProps {
  title: ReactNode;
  /** Where closing goes: the current URL without the dialog's parameters. */
  closeHref: string;
  children: ReactNode;
  /** A line under the title, read as the dialog's description. */
  description?: ReactNode;
  /** Wider dialogs (forms with two columns, tables). */
  size?: "default" | "wide";
  /** Role `alertdialog` for confirmations. */
  alert?: boolean;
  /** Label of the close link (default "Close"). */
  closeLabel?: string;
  /** "right": a drawer along the right edge, full height (the Motion Library's exercise detail). */
  placement?: "center" | "right";
  /** Its form changes data: a read-only user gets READ_ONLY_NOTICE and Close instead (no form). */
  changes?: boolean;
}

export function Dialog(props: DialogProps) {
  const readOnly = useReadOnly();
  if (props.changes && readOnly) {
    return (
      <DialogFrame title={props.title} closeHref={props.closeHref} closeLabel={props.closeLabel} placement={props.placement}>
        <p role="alert">{READ_ONLY_NOTICE}</p>
        <div className="modal-actions">
          <Link to={props.closeHref} className="button" preventScrollReset>
            Close
          </Link>
        </div>
      </DialogFrame>
    );
  }
  return <DialogFrame {...props} />;
}

function DialogFrame({ title, closeHref, children, description, size = "default", alert = false, closeLabel = "Close", placement = "center" }: Omit<DialogProps, "changes">) {
  const titleId = useId();
  const descriptionId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.contains(document.activeElement)) {
      const target = dialog.querySelector<HTMLElement>("[autofocus]") ?? dialog.querySelector<HTMLElement>(INITIAL) ?? dialog;
      target.focus();
    }
    return () => {
      if (previous && previous.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      navigate(closeHref, { preventScrollReset: true });
      return;
    }
    if (event.key !== "Tab" || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={placement === "right" ? "modal-backdrop modal-backdrop-right" : "modal-backdrop"}>
      <div
        ref={ref}
        className={`modal${size === "wide" ? " modal-wide" : ""}${placement === "right" ? " modal-right" : ""}`}
        role={alert ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <Link to={closeHref} className="icon-button modal-close" aria-label={closeLabel} preventScrollReset>
            <span aria-hidden="true">×</span>
          </Link>
        </div>
        {description ? (
          <p id={descriptionId} className="modal-description">
            {description}
          </p>
        ) : null}
        <div className="modal-body">{children}</div>
      </div>
    </div>
  );
}

/** A dialog that only says why it cannot show what was asked (an alert), with Close. */
export function MessageDialog({ title, closeHref, message, placement }: { title: string; closeHref: string; message: string; placement?: DialogProps["placement"] }) {
  return (
    <Dialog title={title} closeHref={closeHref} placement={placement}>
      <p role="alert">{message}</p>
      <div className="modal-actions">
        <Link to={closeHref} className="button" preventScrollReset>
          Close
        </Link>
      </div>
    </Dialog>
  );
}
