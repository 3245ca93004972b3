/**
 * The shared filter controls (000 §2.2): Locations and Products, saved by posting to `/shell/filter`.
 *
 * Without JavaScript: a `<select>` of locations, product checkboxes in a disclosure, and an Apply button; the
 * post redirects back to the page. With JavaScript: the locations become an autocomplete (an ARIA 1.2
 * combobox), every change is saved at once through a fetcher (no reload; the pages' data revalidates), and the
 * controls show the new value while it is saved.
 */
import { useFetcher, useLocation } from "react-router";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useHydrated } from "../components/use-hydrated";
import { LocationOptions } from "../components/location-options";
import { ALL_LOCATIONS_LABEL, matchLocations, PRODUCT_LABELS, productsSummary, type GlobalFilter, type LocationOption } from "./filter";
import type { ProductKey } from "./nav";

export const FILTER_ACTION = "/shell/filter";
/** The fetcher's key: other components (progress, pages) can watch the save. */
export const FILTER_FETCHER_KEY = "global-filter";

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

export function FilterControls({ filter: saved, locations, products, locationsError }: FilterControlsProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useFetcher({ key: FILTER_FETCHER_KEY });
  // The value just chosen, until the save (and the revalidation after it) is done.
  const [chosen, setChosen] = useState<GlobalFilter | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle") setChosen(null);
  }, [fetcher.state]);
  const filter = chosen ?? pendingFilter(fetcher.formData, saved);
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

  const toggleProduct = (product: ProductKey, on: boolean) => {
    const set = new Set(filter.products);
    if (on) set.add(product);
    else set.delete(product);
    save({ ...filter, products: products.filter((p) => set.has(p)) });
  };

  return (
    <fetcher.Form method="post" action={FILTER_ACTION} className="filter-form" aria-label="Filter" aria-busy={saving || undefined}>
      {hydrated ? null : <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />}
      <div className="filter-field">
        <label htmlFor={locationId}>Location</label>
        {hydrated ? (
          <LocationCombobox id={locationId} options={locations} value={filter.locationId} onChange={(value) => save({ ...filter, locationId: value })} />
        ) : (
          <select id={locationId} name="locationId" defaultValue={filter.locationId ?? ""}>
            <LocationOptions locations={locations} />
          </select>
        )}
      </div>
      {products.length > 0 ? <ProductsSelect id={`${id}-products`} options={products} selected={filter.products} onToggle={hydrated ? toggleProduct : null} /> : null}
      {hydrated ? null : (
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
function ProductsSelect({ id, options, selected, onToggle }: { id: string; options: ProductKey[]; selected: ProductKey[]; onToggle: ((p: ProductKey, on: boolean) => void) | null }) {
  const details = useRef<HTMLDetailsElement>(null);

  // With JavaScript: close on Escape and on a click elsewhere.
  const enhanced = onToggle !== null;
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
              onChange={(e) => onToggle?.(p, e.currentTarget.checked)}
            />
            {PRODUCT_LABELS[p]}
          </label>
        ))}
        <p className="multi-select-hint">None selected: all products.</p>
      </fieldset>
    </details>
  );
}

/**
 * The Locations autocomplete (ARIA 1.2 combobox with a list popup): type to narrow the list, arrows to move,
 * Enter to choose, Escape to close. "All Locations" clears the location.
 */
function LocationCombobox({ id, options, value, onChange }: { id: string; options: LocationOption[]; value: string | null; onChange: (value: string | null) => void }) {
  const selectedName = options.find((o) => o.id === value)?.name ?? ALL_LOCATIONS_LABEL;
  const [text, setText] = useState(selectedName);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState(false);
  const [active, setActive] = useState(-1);
  const listboxId = `${id}-listbox`;

  useEffect(() => setText(selectedName), [selectedName]);

  const choices = useMemo(() => {
    const all: LocationOption = { id: "", name: ALL_LOCATIONS_LABEL };
    return typed ? [all, ...matchLocations(options, text)] : [all, ...options];
  }, [options, text, typed]);

  const openList = () => {
    setOpen(true);
    setActive(Math.max(0, choices.findIndex((c) => c.id === (value ?? ""))));
  };

  const close = () => {
    setOpen(false);
    setTyped(false);
    setActive(-1);
  };

  const choose = (option: LocationOption) => {
    close();
    setText(option.name);
    const next = option.id === "" ? null : option.id;
    if (next !== value) onChange(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(choices.length - 1, i + 1));
        break;
      case "ArrowUp":
        e.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(0, i - 1));
        break;
      case "Home":
      case "End":
        if (open) {
          e.preventDefault();
          setActive(e.key === "Home" ? 0 : choices.length - 1);
        }
        break;
      case "Enter": {
        const option = open ? choices[active] : undefined;
        e.preventDefault();
        if (option) choose(option);
        break;
      }
      case "Escape":
        if (open) {
          e.preventDefault();
          close();
          setText(selectedName);
        }
        break;
      default:
    }
  };

  const activeId = open && active >= 0 && choices[active] ? `${id}-option-${active}` : undefined;

  return (
    <div className="combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setTyped(true);
          setOpen(true);
          setActive(e.currentTarget.value.trim() ? 1 : 0);
        }}
        onFocus={(e) => e.currentTarget.select()}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          setText(selectedName);
        }}
      />
      <input type="hidden" name="locationId" value={value ?? ""} />
      <ul id={listboxId} role="listbox" aria-label="Locations" className="combobox-list" hidden={!open}>
        {choices.map((option, i) => (
          // The keyboard works on the combobox input (arrows + Enter, aria-activedescendant); a click picks too.
          // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events -- see above
          <li
            key={option.id || "all"}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={option.id === (value ?? "")}
            className={i === active ? "is-active" : undefined}
            // Keep the focus in the input (a click would blur it first and close the list).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.name}
          </li>
        ))}
      </ul>
      {open && typed && choices.length === 1 ? (
        <p className="combobox-empty" role="status">
          No matching locations
        </p>
      ) : null}
    </div>
  );
}
