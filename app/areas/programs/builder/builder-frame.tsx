/**
 * The builder's full-screen dialog (001 §2.2): role dialog, aria-modal, labelled by its title; it covers the
 * shell. With JavaScript: focus moves into it (to the current step's heading when the step changes), Tab stays
 * inside, Escape presses its Close control (a link, or the steps' Close submit button that asks first when
 * there are unsaved changes).
 *
 * BuilderModal is a dialog on top of it (Discard Changes?, Save this Program as template), rendered by the
 * server when a post asks for it; Escape presses its `data-escape` control.
 */
import { Link } from "../../../components/link";
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import type { Crumb } from "../rules/builder-flow";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab stay inside `root`. */
function trapTab(event: KeyboardEvent<HTMLElement>, root: HTMLElement | null) {
  if (event.key !== "Tab" || !root) return;
  const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null && !el.closest("[aria-hidden='true']"));
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (event.shiftKey && (document.activeElement === first || document.activeElement === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface BuilderFrameProps {
  title: string;
  /** Changes when the screen changes (a step): focus then moves to the element with `data-focus-start`. */
  screen: string;
  crumbs: ReactNode;
  /** The Close control (marked `data-close`). */
  close: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** A dialog on top (its own focus handling). */
  overlay?: ReactNode;
}

export function BuilderFrame({ title, screen, crumbs, close, children, footer, overlay }: BuilderFrameProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = ref.current;
    if (!root || root.querySelector("[role='alertdialog'], .builder-modal")) return;
    body.current?.scrollTo?.({ top: 0 });
    const target = root.querySelector<HTMLElement>("[data-focus-start]") ?? root;
    target.focus({ preventScroll: false });
  }, [screen]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (overlay) return;
    if (event.key === "Escape") {
      event.preventDefault();
      ref.current?.querySelector<HTMLElement>("[data-close]")?.click();
      return;
    }
    trapTab(event, ref.current);
  };

  return (
    <div className="builder-backdrop">
      {/* The dialog itself takes Escape and keeps Tab inside (the modal dialog pattern). */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions */}
      <div ref={ref} className="builder" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <header className="builder-header">
          <div className="builder-heading">
            {crumbs}
            <h1 id={titleId} className="builder-title">
              {title}
            </h1>
          </div>
          {close}
        </header>
        <div ref={body} className="builder-body">
          {children}
        </div>
        {footer ? <footer className="builder-footer">{footer}</footer> : null}
      </div>
      {overlay}
    </div>
  );
}

/** Breadcrumbs as links (screens without a draft). */
export function CrumbLinks({ crumbs }: { crumbs: readonly Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className="builder-crumbs">
      <ol>
        {crumbs.map((c) => (
          <li key={c.target}>
            <Link to={c.href}>{c.label}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Breadcrumbs as submit buttons of the draft's form: leaving asks first when there are unsaved changes. */
export function CrumbButtons({ crumbs }: { crumbs: readonly Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className="builder-crumbs">
      <ol>
        {crumbs.map((c) => (
          <li key={c.target}>
            <button type="submit" className="link-button" name="intent" value={`leave:${c.target}`} formNoValidate>
              {c.label}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function CloseLink({ href }: { href: string }) {
  return (
    <Link to={href} className="icon-button builder-close" aria-label="Close" data-close="">
      <span aria-hidden="true">×</span>
    </Link>
  );
}

export function CloseButton() {
  return (
    <button type="submit" name="intent" value="close" className="icon-button builder-close" aria-label="Close" formNoValidate data-close="">
      <span aria-hidden="true">×</span>
    </button>
  );
}

export function BuilderModal({ title, description, alert = false, children }: { title: string; description?: ReactNode; alert?: boolean; children: ReactNode }) {
  const titleId = useId();
  const descriptionId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const target = dialog.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, [data-initial]') ?? dialog;
    target.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      ref.current?.querySelector<HTMLElement>("[data-escape]")?.click();
      return;
    }
    trapTab(event, ref.current);
  };

  return (
    <div className="modal-backdrop builder-modal-backdrop">
      <div
        ref={ref}
        className="modal builder-modal"
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
