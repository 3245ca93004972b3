/**
 * The frame of every signed-in page (portal and admin area): the sidebar, the header (on small and medium
 * screens it holds the menu button that opens the sidebar as a drawer; everywhere it holds the organization
 * and the page's tools such as the global filter) and the page in `<main>`.
 */
import { useLocation } from "react-router";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "../components/use-hydrated";
import { Icon } from "./icons";
import type { NavItem } from "./nav";
import { sidebarCookie, type SidebarState } from "./preferences";
import { Sidebar, SIDEBAR_ID } from "./sidebar";

/** Below the spec's lg breakpoint (1200 px) the sidebar is a temporary drawer. */
export const DRAWER_MEDIA_QUERY = "(max-width: 1199.98px)";

interface ShellProps {
  items: NavItem[];
  navLabel: string;
  sidebar: SidebarState;
  /** Shown in the header (the organization's name, "Admin"). */
  title: string;
  /** The organization's logo (screen URL): shown in the header instead of the title as text, the title its text alternative. */
  logoUrl?: string | null;
  homeHref: string;
  tools?: ReactNode;
  children: ReactNode;
}

/** `inert` for React 18 (which does not know the attribute yet). */
const inert = (on: boolean) => (on ? ({ inert: "" } as Record<string, string>) : {});

export function Shell({ items, navLabel, sidebar, title, logoUrl, homeHref, tools, children }: ShellProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [state, setState] = useState<SidebarState>(sidebar);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // The server's value wins when it changes (another tab, a no-JS toggle).
  useEffect(() => setState(sidebar), [sidebar]);

  // The drawer closes on navigation.
  useEffect(() => setDrawerOpen(false), [location.key]);

  // ... and when the window grows past the breakpoint.
  useEffect(() => {
    const media = window.matchMedia(DRAWER_MEDIA_QUERY);
    const onChange = () => {
      if (!media.matches) setDrawerOpen(false);
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  // Closing the drawer by hand (Close, Escape, the backdrop) returns the focus to the menu button — once the
  // page is no longer inert.
  const refocus = useRef(false);
  useEffect(() => {
    if (!drawerOpen && refocus.current) {
      refocus.current = false;
      menuButton.current?.focus();
    }
  }, [drawerOpen]);

  const closeDrawer = useCallback(() => {
    refocus.current = true;
    setDrawerOpen(false);
  }, []);

  // Escape closes the drawer, wherever the focus is.
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closeDrawer();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawerOpen, closeDrawer]);

  const toggle = useCallback(() => {
    const next: SidebarState = state === "collapsed" ? "expanded" : "collapsed";
    document.cookie = sidebarCookie(next, window.location.protocol === "https:");
    setState(next);
  }, [state]);

  const drawerIsModal = hydrated && drawerOpen;

  return (
    <div className="shell" data-sidebar={state}>
      <Sidebar
        items={items}
        label={navLabel}
        state={state}
        onToggle={hydrated ? toggle : null}
        drawer={hydrated ? { open: drawerOpen, close: closeDrawer } : null}
        homeHref={homeHref}
        brand="Exer"
      />
      <div className="shell-body" {...inert(drawerIsModal)}>
        <header className="topbar">
          {hydrated ? (
            <button
              ref={menuButton}
              type="button"
              className="icon-button menu-button"
              aria-label="Open menu"
              aria-expanded={drawerOpen}
              aria-controls={SIDEBAR_ID}
              onClick={() => setDrawerOpen(true)}
            >
              <Icon name="menu" />
            </button>
          ) : (
            <a href={`#${SIDEBAR_ID}`} className="icon-button menu-button" aria-label="Open menu">
              <Icon name="menu" />
            </a>
          )}
          <p className="topbar-title">
            {/* 40 px high with the text or the logo (250:140, its box known before it loads): nothing moves when it loads or changes. */}
            {logoUrl ? <img className="topbar-logo" src={logoUrl} alt={title} width={250} height={140} /> : title}
          </p>
          {tools ? <div className="topbar-tools">{tools}</div> : null}
        </header>
        <main id="main" className="app-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
