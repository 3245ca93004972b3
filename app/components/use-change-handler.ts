import { useEffect, useEffectEvent, useRef, type RefObject, type SyntheticEvent } from "react";
import { useHydrated } from "./use-hydrated";

export type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The control an event comes from: change events bubble from the input, select or textarea to the form's `onChange`,
 * and React 19's types call that target the form itself, so read it through this check instead of a cast.
 */
function asControl(target: EventTarget | null): FormControl | null {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement ? target : null;
}

/** Whether a control's value is no longer the one its HTML gave it (default selected options, checked, value). */
function changedFromMarkup(control: FormControl): boolean {
  if (control instanceof HTMLSelectElement) {
    const options = [...control.options];
    if (control.multiple) return options.some((o) => o.selected !== o.defaultSelected);
    // A single select without a `selected` option shows its first (or none when it is a list box).
    const marked = options.findLastIndex((o) => o.defaultSelected);
    return control.selectedIndex !== (marked !== -1 ? marked : control.size > 1 ? -1 : 0);
  }
  if (control instanceof HTMLInputElement) {
    const { type } = control;
    if (type === "checkbox" || type === "radio") return control.checked !== control.defaultChecked;
    if (type === "file") return (control.files?.length ?? 0) > 0;
  }
  return control.value !== control.defaultValue;
}

/** The controls in (or of) `root` changed from their HTML, in document order. */
function controlsChangedFromMarkup(root: Element): FormControl[] {
  const all = root instanceof HTMLFormElement ? [...root.elements] : [root, ...root.querySelectorAll("input, select, textarea")];
  return all.flatMap((el) => {
    const control = asControl(el);
    return control && changedFromMarkup(control) ? [control] : [];
  });
}

/**
 * A change handler that also sees changes made on the server's HTML before its code came: spread the returned `ref`
 * (the element's own ref if given) and `onChange` on the form (or the one control); `onChange` is called for each
 * change, and once the element has hydrated for each control the user changed meanwhile, as if just changed.
 *
 * On a slow clinic link a page is usable long before its JavaScript arrives (ADR 038: a part's code after the page's
 * load event). React does not replay a change made before hydration: a select that applies itself on change stayed
 * chosen and unapplied (and its no-JavaScript button went away on hydration), a checkbox that enables a button left it
 * disabled, a controlled control was put back to its state at the next render. Every control whose change handler
 * applies or records something uses this; the handler must not depend on being hydrated (it only runs with
 * JavaScript). Nothing is replayed for an element first rendered in the browser (its values are its HTML's).
 */
export function useChangeHandler<T extends HTMLElement>(onChange: (control: FormControl, root: T) => void, elementRef?: RefObject<T | null>) {
  const ownRef = useRef<T>(null);
  const ref = elementRef ?? ownRef;
  // False only while the element hydrates (the server's snapshot); the ref keeps the first render's answer.
  const hydrated = useHydrated();
  const fromServer = useRef(!hydrated);
  const replay = useEffectEvent((root: T) => {
    for (const control of controlsChangedFromMarkup(root)) onChange(control, root);
  });
  useEffect(() => {
    if (fromServer.current && ref.current) replay(ref.current);
  }, [ref]);
  return {
    ref,
    onChange: (event: SyntheticEvent<T>) => {
      const control = asControl(event.target);
      if (control) onChange(control, event.currentTarget);
    },
  };
}
