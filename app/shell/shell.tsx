/**
 * The frame of every signed-in page (portal and admin area): the sidebar, the header (on small and medium
 * screens it holds the menu button that opens the sidebar as a drawer; everywhere it holds the organization
 * and the page's tools such as the global filter) and the page in `<main>`.
 */
import { useLocation } from "react-router";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { DrawerOpener, useDrawer } from "../components/drawer";
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
  /** The build label at the foot of the sidebar (000 §9). */
  buildLabel?: string;
  tools?: ReactNode;
  children: ReactNode;
}

/** `inert` for React 18 (which does not know the attribute yet). */
const inert = (on: boolean) => (on ? ({ inert: "" } as Record<string, string>) : {});

export function Shell({ items, navLabel, sidebar, title, logoUrl, homeHref, buildLabel, tools, children }: ShellProps) {
  const location = useLocation();
  const [state, setState] = useState<SidebarState>(sidebar);
  // Escape closes the drawer wherever the focus is; Close, Escape and the backdrop return the focus to the menu
  // button once the page is no longer inert.
  const drawer = useDrawer({ escapeAnywhere: true });
  const { hydrated, dismiss } = drawer;

  // The server's value wins when it changes (another tab, a no-JS toggle).
  useEffect(() => setState(sidebar), [sidebar]);

  // The drawer closes on navigation.
  useEffect(() => dismiss(), [location.key, dismiss]);

  // ... and when the window grows past the breakpoint.
  useEffect(() => {
    const media = window.matchMedia(DRAWER_MEDIA_QUERY);
    const onChange = () => {
      if (!media.matches) dismiss();
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, [dismiss]);

  const toggle = useCallback(() => {
    const next: SidebarState = state === "collapsed" ? "expanded" : "collapsed";
    document.cookie = sidebarCookie(next, window.location.protocol === "https:");
    setState(next);
  }, [state]);

  const drawerIsModal = hydrated && drawer.open;

  return (
    <div className="shell" data-sidebar={state}>
      <Sidebar
        items={items}
        label={navLabel}
        state={state}
        onToggle={hydrated ? toggle : null}
        drawer={drawer}
        homeHref={homeHref}
        brand="Exer"
        buildLabel={buildLabel}
      />
      <div className="shell-body" {...inert(drawerIsModal)}>
        <header className="topbar">
          <DrawerOpener drawer={drawer} controls={SIDEBAR_ID} className="icon-button menu-button" label="Open menu">
            <Icon name="menu" />
          </DrawerOpener>
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
