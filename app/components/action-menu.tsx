/**
 * A row's or a card's action menu (the patient list's rows, Program Templates, Care Paths): a native disclosure, so it opens without JavaScript and
 * with the keyboard (Enter/Space on its summary); its items are links (each action has a URL). With JavaScript,
 * Escape closes it and returns focus to its summary; following an item closes it. Items that change data (`changes`) are left out for a read-only
 * user (support staff, ADR 026; shell/read-only.ts); a menu left with no item is not shown.
 */
import { Link } from "./link";
import { useRef, type KeyboardEvent } from "react";
import { useReadOnly } from "../shell/read-only";

export interface ActionMenuItem {
  label: string;
  href: string;
  /** Opens a dialog over the page: keep the scroll position. */
  dialog?: boolean;
  /** The item changes data, or opens a form that does: not offered to a read-only user. */
  changes?: boolean;
}

export function ActionMenu({
  label,
  items,
  className = "card-menu",
}: {
  /** The summary's accessible name, e.g. "Actions for Knee Phase 1". */
  label: string;
  items: ActionMenuItem[];
  /** The disclosure's class; its list gets `{className}-list`. */
  className?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const readOnly = useReadOnly();
  const shown = readOnly ? items.filter((item) => !item.changes) : items;
  const onKeyDown = (e: KeyboardEvent<HTMLDetailsElement>) => {
    if (e.key === "Escape" && ref.current?.open) {
      ref.current.open = false;
      ref.current.querySelector("summary")?.focus();
    }
  };
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  if (shown.length === 0) return null;
  return (
    // Escape closes the open <details> (a native disclosure, so interactive); its links handle their own keys.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- see above
    <details className={className} ref={ref} onKeyDown={onKeyDown}>
      <summary className="icon-button">
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">{label}</span>
      </summary>
      <ul className={`${className}-list`}>
        {shown.map((item) => (
          <li key={item.label}>
            {/* Following an item closes the menu (with JavaScript: the page stays, so the disclosure would stay open
                behind the dialog; without it the next page starts closed). Not by re-mounting on every navigation,
                which shut a menu the user had just opened when an earlier post's navigation ended. */}
            <Link to={item.href} preventScrollReset={item.dialog} onClick={close}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
