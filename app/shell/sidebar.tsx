/**
 * The sidebar (000 §2.2, 003 §2): links by the user's products and role, sections as native disclosures
 * (`<details>`: keyboard-usable and working without JavaScript; the section holding the current route is
 * rendered open), Logout as a form post.
 *
 * Large screens (≥ lg, 1200 px): a permanent column, 240 px expanded or 64 px collapsed (icons with tooltips);
 * the toggle posts to `/shell/sidebar` without JavaScript, and with it flips at once and writes the cookie.
 * Small and medium screens (< 1200 px): a temporary drawer of 256 px. Without JavaScript the menu button is a
 * link to `#sidebar` and the drawer opens by CSS (`:target`); any navigation (a new page without the hash)
 * closes it. With JavaScript it is a button (aria-expanded), the rest of the page is inert while the drawer is
 * open, Escape or the backdrop closes it, and so does every navigation.
 */
import { useLocation } from "react-router";
import { Link } from "../components/link";
import type { MouseEvent } from "react";
import { DrawerBackdrop, DrawerClose, type Drawer } from "../components/drawer";
import { Icon } from "./icons";
import { isCurrentLink, sectionIsCurrent, type NavItem, type NavLeaf, type NavSection } from "./nav";
import { sidebarToggleLabel, type SidebarState } from "./preferences";

export const SIDEBAR_ID = "sidebar";
export const SIDEBAR_TOGGLE_ACTION = "/shell/sidebar";

interface SidebarProps {
  items: NavItem[];
  /** The navigation's accessible name. */
  label: string;
  state: SidebarState;
  /** Desktop toggle (with JavaScript; without it the form posts). */
  onToggle: (() => void) | null;
  /** The drawer (small screens): with JavaScript its state; without it the `:target` of `#sidebar`. */
  drawer: Drawer;
  homeHref: string;
  brand: string;
  /** The build label (000 §9), under the navigation. */
  buildLabel?: string;
}

export function Sidebar({ items, label, state, onToggle, drawer, homeHref, brand, buildLabel }: SidebarProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const collapsed = state === "collapsed";
  const toggleLabel = sidebarToggleLabel(state);

  const onToggleClick = (e: MouseEvent<HTMLButtonElement>) => {
    if (!onToggle) return;
    e.preventDefault();
    onToggle();
  };

  return (
    <>
      <nav
        id={SIDEBAR_ID}
        className={`sidebar${drawer.open ? " is-open" : ""}`}
        aria-label={label}
        data-state={state}
      >
        <div className="sidebar-head">
          <Link to={homeHref} className="sidebar-brand" data-tooltip={brand}>
            <span className="brand-mark" aria-hidden="true">
              E
            </span>
            <span className="nav-label">{brand}</span>
          </Link>
          <DrawerClose drawer={drawer} label="Close menu" className="drawer-close">
            <Icon name="close" />
          </DrawerClose>
        </div>
        <ul className="nav-list">
          {items.map((item) => (
            <li key={item.id}>{item.kind === "section" ? <Section section={item} pathname={location.pathname} /> : <Leaf item={item} pathname={location.pathname} />}</li>
          ))}
        </ul>
        <form method="post" action={SIDEBAR_TOGGLE_ACTION} className="sidebar-toggle-form">
          <input type="hidden" name="state" value={collapsed ? "expanded" : "collapsed"} />
          {onToggle ? null : <input type="hidden" name="redirectTo" value={here} />}
          <button type="submit" className="nav-link sidebar-toggle" aria-label={toggleLabel} title={toggleLabel} onClick={onToggleClick}>
            <Icon name={collapsed ? "expand" : "collapse"} />
            <span className="nav-label" aria-hidden="true">
              {collapsed ? "Expand" : "Collapse"}
            </span>
          </button>
        </form>
        {buildLabel ? <p className="build-label nav-label">{buildLabel}</p> : null}
      </nav>
      <DrawerBackdrop drawer={drawer} className="drawer-backdrop" />
    </>
  );
}

function Section({ section, pathname }: { section: NavSection; pathname: string }) {
  const current = sectionIsCurrent(section, pathname);
  return (
    <details className="nav-section" open={current || undefined}>
      <summary className="nav-link" data-tooltip={section.label} data-current={current || undefined}>
        <Icon name={section.icon} />
        <span className="nav-label">{section.label}</span>
        <Icon name="chevron" className="chevron" />
      </summary>
      <ul className="nav-children">
        {section.children.map((child) => (
          <li key={child.id}>
            <Leaf item={child} pathname={pathname} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function Leaf({ item, pathname }: { item: NavLeaf; pathname: string }) {
  // Collapsed (icons only), the label shows as a tooltip on hover and focus (shell.css).
  const tooltip = item.label;
  if (item.kind === "logout") {
    // A plain form (a full page load): nothing of the signed-in page stays in the browser.
    return (
      <form method="post" action="/user/logout/" className="nav-form">
        <button type="submit" className="nav-link" data-tooltip={tooltip}>
          <Icon name={item.icon} />
          <span className="nav-label">{item.label}</span>
        </button>
      </form>
    );
  }
  if (item.external) {
    return (
      <a href={item.href} className="nav-link" target="_blank" rel="noopener noreferrer" data-tooltip={tooltip}>
        <Icon name={item.icon} />
        <span className="nav-label">
          {item.label}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </span>
        <Icon name="external" className="external" />
      </a>
    );
  }
  const current = isCurrentLink(item, pathname);
  return (
    <Link to={item.href} className="nav-link" aria-current={current ? "page" : undefined} data-tooltip={tooltip}>
      <Icon name={item.icon} />
      <span className="nav-label">{item.label}</span>
    </Link>
  );
}
