/**
 * The shared filter controls (000 §2.2): Locations and Products, saved by posting to `/shell/filter`.
 *
 * Without JavaScript: a `<select>` of locations, product checkboxes in a disclosure, and an Apply button; the
 * post redirects back to the page. With JavaScript: the locations become an autocomplete (an ARIA 1.2
 * combobox, location-combobox.tsx, loaded once the page is hydrated: ADR 038), every change is saved at once through
 * a fetcher (no reload; the pages' data revalidates), and the controls show the new value while it is saved. Until
 * the autocomplete has come (or if it cannot), the controls stay the form they are without JavaScript, and what is
 * changed meanwhile (before the page hydrated too) is saved when it comes, unless Apply was used.
 */
import { useFetcher, useLocation } from "react-router";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { LocationOptions } from "../components/location-options";
import { useAfterLoad } from "../components/use-after-load";
import { FILTER_ACTION, FILTER_FETCHER_KEY, PRODUCT_LABELS, productsSummary, type GlobalFilter, type LocationOption } from "./filter";
import type { ProductKey } from "./nav";
import { lazyPart } from "../components/lazy-part";
import { useChangeHandler } from "../components/use-change-handler";

export interface FilterControlsProps {
  filter: GlobalFilter;
  locations: LocationOption[];
  products: ProductKey[];
  locationsError: string | null;
}

/** The filter being saved (from the fetcher's form data) or the saved one. */
function pendingFilter(formData: FormData | undefined, saved: GlobalFilter): GlobalFilter {
  if (!formData) return saved;
  const location = formData.get("locationId");
  return {
    locationId: typeof location === "string" && location !== "" ? location : null,
    products: formData.getAll("products").filter((p): p is ProductKey => typeof p === "string" && p in PRODUCT_LABELS),
  };
}

const loadCombobox = () => import("./location-combobox");
const LocationCombobox = lazyPart(() => loadCombobox().then((m) => ({ default: m.LocationCombobox })));

export function FilterControls({ filter: saved, locations, products, locationsError }: FilterControlsProps) {
  // The autocomplete after hydration and the page's load event: no page waits for it (use-after-load.ts); the
  // controls as they are without JavaScript until it is there.
  const enhanced = useAfterLoad(loadCombobox) !== null;
  const location = useLocation();
  const fetcher = useFetcher({ key: FILTER_FETCHER_KEY });
  // The value just chosen, until the save (and the revalidation after it) is done.
  const [chosen, setChosen] = useState<GlobalFilter | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle") setChosen(null);
  }, [fetcher.state]);
  // Changed and not yet applied, before the autocomplete came (the form without JavaScript, Apply not used).
  const [draft, setDraft] = useState<GlobalFilter | null>(null);
  const filter = chosen ?? draft ?? pendingFilter(fetcher.formData, saved);
  const id = useId();
  const locationId = `${id}-location`;
  const saving = fetcher.state !== "idle";

  const save = (next: GlobalFilter) => {
    setChosen(next);
    const form = new FormData();
    form.set("locationId", next.locationId ?? "");
    for (const p of next.products) form.append("products", p);
    fetcher.submit(form, { method: "post", action: FILTER_ACTION });
  };

  const change = (next: GlobalFilter) => (enhanced ? save(next) : setDraft(next));
  // Once the autocomplete has come, what was changed before is saved as if just changed.
  useEffect(() => {
    if (!enhanced || !draft) return;
    setDraft(null);
    save(draft);
    // Only when the enhancement comes (a draft is only made before it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enhanced]);
  // Changes made on the server's form before this part hydrated: read the whole form (its code comes after the page's).
  const { ref } = useChangeHandler<HTMLFormElement>((control, form) => {
    if (control.name === "locationId" || control.name === "products") change(pendingFilter(new FormData(form), saved));
  });

  const toggleProduct = (product: ProductKey, on: boolean) => {
    const set = new Set(filter.products);
    if (on) set.add(product);
    else set.delete(product);
    change({ ...filter, products: products.filter((p) => set.has(p)) });
  };

  const select = (
    <select id={locationId} name="locationId" defaultValue={filter.locationId ?? ""} onChange={(e) => change({ ...filter, locationId: e.currentTarget.value || null })}>
      <LocationOptions locations={locations} />
    </select>
  );
  return (
    <fetcher.Form ref={ref} method="post" action={FILTER_ACTION} className="filter-form" aria-label="Filter" aria-busy={saving || undefined} onSubmit={() => setDraft(null)}>
      {enhanced ? null : <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />}
      <div className="filter-field">
        <label htmlFor={locationId}>Location</label>
        {enhanced ? (
          <Suspense fallback={select}>
            <LocationCombobox id={locationId} options={locations} value={filter.locationId} onChange={(value) => save({ ...filter, locationId: value })} />
          </Suspense>
        ) : (
          select
        )}
      </div>
      {products.length > 0 ? <ProductsSelect id={`${id}-products`} options={products} selected={filter.products} onToggle={toggleProduct} enhanced={enhanced} /> : null}
      {enhanced ? null : (
        <button type="submit" className="button">
          Apply
        </button>
      )}
      {locationsError ? (
        <p className="filter-error" role="alert">
          {locationsError}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** The Products multi-select: checkboxes in a disclosure whose summary says what is selected. */
function ProductsSelect({ id, options, selected, onToggle, enhanced }: { id: string; options: ProductKey[]; selected: ProductKey[]; onToggle: (p: ProductKey, on: boolean) => void; enhanced: boolean }) {
  const details = useRef<HTMLDetailsElement>(null);

  // With JavaScript: close on a click elsewhere.
  useEffect(() => {
    if (!enhanced) return;
    const onDocClick = (e: globalThis.MouseEvent) => {
      const el = details.current;
      if (el?.open && e.target instanceof Node && !el.contains(e.target)) el.open = false;
    };
    document.addEventListener("click", onDocClick);
    return () => document.removeEventListener("click", onDocClick);
  }, [enhanced]);

  return (
    // Escape closes the open <details> (a native disclosure, so interactive); the keys of its items are their own.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- see above
    <details
      ref={details}
      className="multi-select"
      onKeyDown={(e) => {
        if (e.key === "Escape" && details.current?.open) {
          details.current.open = false;
          details.current.querySelector("summary")?.focus();
        }
      }}
    >
      <summary>
        <span className="multi-select-label">Products</span>
        <span className="multi-select-value">{productsSummary(selected)}</span>
      </summary>
      <fieldset className="multi-select-panel" id={id}>
        <legend className="visually-hidden">Products</legend>
        {options.map((p) => (
          <label key={p} className="checkbox">
            <input
              type="checkbox"
              name="products"
              value={p}
              checked={selected.includes(p)}
              // Without JavaScript the browser toggles the box and the form's Apply posts it.
              onChange={(e) => onToggle(p, e.currentTarget.checked)}
            />
            {PRODUCT_LABELS[p]}
          </label>
        ))}
        <p className="multi-select-hint">None selected: all products.</p>
      </fieldset>
    </details>
  );
}
