/**
 * A drawer that opens without JavaScript as its element's `:target` (the shell's menu on small screens, the Motion
 * Library's and the program builder's filters, the builder's program): the opener is a link to the drawer, and the
 * close control and the backdrop are links to "#", which clears the fragment and so closes it. Once hydrated they
 * are buttons and `useDrawer` keeps the state: the focus goes into the drawer (its close button) when it opens and
 * back to the opener when Close, Escape or the backdrop closes it.
 *
 * The drawer's element carries `id` (the opener's target), the class `is-open` while `open`, and `onKeyDown` (Escape
 * closes it, and not a dialog around it); the backdrop stands right after it (the CSS opens it with the drawer:
 * `.drawer:target + .backdrop, .backdrop.is-open`).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { useHydrated } from "./use-hydrated";

export interface Drawer {
  /** JavaScript runs: the controls are buttons and `open` is the state (without it the drawer is the `:target`). */
  hydrated: boolean;
  open: boolean;
  show: () => void;
  /** Closes it by hand (Close, Escape, the backdrop): the focus goes back to the opener. */
  close: () => void;
  /** Closes it without moving the focus (a navigation, the window growing past the breakpoint). */
  dismiss: () => void;
  /** For the drawer's element: Escape closes it. */
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  opener: RefObject<HTMLButtonElement | null>;
  closer: RefObject<HTMLButtonElement | null>;
}

/**
 * The state of a drawer with JavaScript. `escapeAnywhere`: Escape closes it wherever the focus is (the shell's
 * menu, which makes the rest of the page inert), not only from inside it (`onKeyDown`).
 */
export function useDrawer({ escapeAnywhere = false }: { escapeAnywhere?: boolean } = {}): Drawer {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  // The focus goes back once the drawer has closed (the opener may be inert until then).
  const refocus = useRef(false);

  useEffect(() => {
    if (open) {
      refocus.current = false;
      closer.current?.focus();
    } else if (refocus.current) {
      refocus.current = false;
      opener.current?.focus();
    }
  }, [open]);

  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => {
    refocus.current = true;
    setOpen(false);
  }, []);
  const dismiss = useCallback(() => {
    refocus.current = false;
    setOpen(false);
  }, []);

  useEffect(() => {
    if (!escapeAnywhere || !open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [escapeAnywhere, open, close]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === "Escape" && open) {
      // The drawer closes, not a dialog around it (the program builder).
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  return { hydrated, open, show, close, dismiss, onKeyDown, opener, closer };
}

/** The control that opens the drawer `controls` (its element's id): a button once hydrated, before that a link to it. */
export function DrawerOpener({ drawer, controls, className, label, children }: { drawer: Drawer; controls: string; className: string; label?: string; children: ReactNode }) {
  const { hydrated, open, show, opener } = drawer;
  return hydrated ? (
    <button
      ref={opener}
      type="button"
      className={className}
      aria-label={label}
      aria-expanded={open}
      aria-controls={controls}
      onClick={(e) => {
        e.preventDefault();
        show();
      }}
    >
      {children}
    </button>
  ) : (
    <a className={className} href={`#${controls}`} aria-label={label}>
      {children}
    </a>
  );
}

/** The drawer's close control (`children`: its icon, × by default): a button once hydrated, before that a link to "#". */
export function DrawerClose({ drawer, label, className, children }: { drawer: Drawer; label: string; className: string; children?: ReactNode }) {
  const { hydrated, close, closer } = drawer;
  const icon = children ?? <span aria-hidden="true">×</span>;
  return hydrated ? (
    <button ref={closer} type="button" className={`icon-button ${className}`} aria-label={label} onClick={close}>
      {icon}
    </button>
  ) : (
    // eslint-disable-next-line jsx-a11y-x/anchor-is-valid -- "#" is the real destination (no fragment = closed)
    <a href="#" className={`icon-button ${className}`} aria-label={label}>
      {icon}
    </a>
  );
}

/**
 * The backdrop behind the open drawer (right after the drawer's element): a click closes it. Hidden from assistive
 * technology (the labelled close control is their way out); without JavaScript a link to "#".
 */
export function DrawerBackdrop({ drawer, className }: { drawer: Drawer; className: string }) {
  return drawer.hydrated ? (
    <div className={`${className}${drawer.open ? " is-open" : ""}`} aria-hidden="true" onClick={drawer.close} />
  ) : (
    // eslint-disable-next-line jsx-a11y-x/anchor-is-valid, jsx-a11y-x/anchor-has-content -- see above
    <a href="#" className={className} aria-hidden="true" tabIndex={-1} />
  );
}
