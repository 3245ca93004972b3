import { useEffect, useState } from "react";

/**
 * An enhancement's code, imported once the page has hydrated and its load event has passed (ADR 038): for a control
 * whose server HTML works as it is (a select and an Apply button, a paged list) and that JavaScript only makes nicer
 * (an autocomplete, a virtualized list). The page is interactive without waiting for it, on a slow link the load
 * event does not wait for it either, and until it has come — or if it cannot (offline) — the control stays as it is
 * without JavaScript. Null until then.
 *
 *   const loadCombobox = () => import("./location-combobox");
 *   const LocationCombobox = lazyPart(() => loadCombobox().then((m) => ({ default: m.LocationCombobox })));
 *   …
 *   const enhanced = useAfterLoad(loadCombobox) !== null; // then <Suspense fallback={select}><LocationCombobox …/>
 *
 * (the same import for both: once loaded, the lazy component renders at once). `load` runs once per mounted
 * component (its first value is used).
 */
export function useAfterLoad<T>(load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    let live = true;
    const start = () =>
      void load().then(
        (value) => {
          if (live) setLoaded({ value });
        },
        () => {},
      );
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      live = false;
      window.removeEventListener("load", start);
    };
    // The first `load` is the one used (see above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return loaded ? loaded.value : null;
}
