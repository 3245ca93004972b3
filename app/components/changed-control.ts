/**
 * The control a form's `change` event comes from. Change events bubble from the input, select or textarea to the
 * form's `onChange`; React 19's types call that target the form itself, so read it through this check instead of a cast.
 */
export function changedControl(event: { target: EventTarget }): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null {
  const target = event.target;
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement ? target : null;
}
