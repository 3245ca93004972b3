import { listHref, type ListState } from "../rules/patient-list";

/** The list's URL state as hidden inputs, so a form posted from the list (a filter, a dialog) keeps the view. */
export function StateInputs({ state, omit = [] }: { state: ListState; omit?: string[] }) {
  const params = new URL(listHref(state), "http://x").searchParams;
  return (
    <>
      {[...params].filter(([k]) => !omit.includes(k)).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}
