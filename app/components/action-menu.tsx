/**
 * A row's or a card's action menu (the patient list's rows, Program Templates, Care Paths): a native disclosure, so it opens without JavaScript and
 * with the keyboard (Enter/Space on its summary); its items are links (each action has a URL). With JavaScript,
 * Escape closes it and returns focus to its summary.
 */
import { Link } from "react-router";
import { useRef, type KeyboardEvent } from "react";

export interface ActionMenuItem {
  label: string;
  href: string;
  /** Opens a dialog over the page: keep the scroll position. */
  dialog?: boolean;
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
  const onKeyDown = (e: KeyboardEvent<HTMLDetailsElement>) => {
    if (e.key === "Escape" && ref.current?.open) {
      ref.current.open = false;
      ref.current.querySelector("summary")?.focus();
    }
  };
  return (
    // Escape closes the open <details> (a native disclosure, so interactive); its links handle their own keys.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <details className={className} ref={ref} onKeyDown={onKeyDown}>
      <summary className="icon-button">
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">{label}</span>
      </summary>
      <ul className={`${className}-list`}>
        {items.map((item) => (
          <li key={item.label}>
            <Link to={item.href} preventScrollReset={item.dialog}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
