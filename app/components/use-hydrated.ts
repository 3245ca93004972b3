import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates the component's server HTML; true once JavaScript runs (for
 * controls that only work with it), and at once for a component first rendered in the browser.
 *
 * React answers with the server snapshot for every hydrating component, whenever its part of the page hydrates:
 * a section streamed in after the shell hydrates later than the shell, and a module-level "hydrated" flag set by
 * the shell's effects made such a section render differently from its server HTML — React then threw the HTML
 * away and rendered it again, losing what the user had done meanwhile (a row opened before the scripts loaded).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
