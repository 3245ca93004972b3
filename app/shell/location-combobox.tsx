/**
 * The Locations autocomplete of the shared filter controls (filter-controls.tsx): an ARIA 1.2 combobox with a list
 * popup. Loaded once the page is hydrated (ADR 038); until then the controls are the form they are without JavaScript.
 */
import { useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { matchLocations, type LocationOption } from "./filter";
import { ALL_LOCATIONS_LABEL } from "../components/location-options";

/**
 * The Locations autocomplete (ARIA 1.2 combobox with a list popup): type to narrow the list, arrows to move,
 * Enter to choose, Escape to close. "All Locations" clears the location.
 */
export function LocationCombobox({ id, options, value, onChange }: { id: string; options: LocationOption[]; value: string | null; onChange: (value: string | null) => void }) {
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
