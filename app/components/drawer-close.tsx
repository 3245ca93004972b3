/**
 * The close control of a drawer that opens as its element's `:target` without JavaScript (the Motion Library's and the
 * program builder's filters, the builder's program): once hydrated a button (`onClose`, focus returned by the caller),
 * before that a link to "#", which clears the fragment and so closes the drawer.
 */
import type { RefObject } from "react";

export function DrawerClose({ hydrated, label, className, onClose, buttonRef }: {
  hydrated: boolean;
  label: string;
  className: string;
  onClose: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  return hydrated ? (
    <button ref={buttonRef} type="button" className={`icon-button ${className}`} aria-label={label} onClick={onClose}>
      <span aria-hidden="true">×</span>
    </button>
  ) : (
    // eslint-disable-next-line jsx-a11y/anchor-is-valid -- "#" is the real destination (no fragment = closed)
    <a href="#" className={`icon-button ${className}`} aria-label={label}>
      <span aria-hidden="true">×</span>
    </a>
  );
}
