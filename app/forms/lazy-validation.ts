/**
 * A form's client validation, loaded with the form's first use (ADR 038): every form validates on the server (its
 * action parses the post and answers conform's `lastResult`), so the browser needs the schema (zod, 25 KB gzip, and
 * `@conform-to/zod`) only to show errors at the field before the post. The page loads without them; the first focus or
 * input in the form imports the schema's module, and from then on conform validates with it (on blur, on submit, as
 * the user corrects, as the form says). Until it has arrived, a submit posts and the server's answer shows the errors
 * (as with JavaScript off), and nothing validates on blur or input — without a schema conform would post every blur
 * to the server as a validation request.
 *
 *   const [form, fields] = useForm({
 *     id: "login",
 *     lastResult,
 *     ...useLazyValidation("login", () => import("../areas/user/forms/login"), (m) => m.loginSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
 *   });
 *
 * The schema's module must reach the page only through `load` (a static import of it, or of anything that builds a
 * schema, puts zod back in the route's JavaScript: `npm run check:js-budgets`). Constants a form shows (limits,
 * options) live in modules without zod.
 */
import { useEffect, useRef, useState } from "react";
import type { Submission } from "@conform-to/react";
import type { $ZodType, input, output } from "zod/v4/core";

type Timing = "onSubmit" | "onBlur" | "onInput";
type Parse = typeof import("@conform-to/zod/v4").parseWithZod;

export interface LazyValidation<S extends $ZodType> {
  /** conform's client validation: absent until the schema has loaded. */
  onValidate: ((context: { formData: FormData }) => Submission<input<S>, string[], output<S>>) | undefined;
  shouldValidate: Timing;
  shouldRevalidate: Timing;
}

/** Is `target` a control of form `formId` (inside it, or tied to it by the `form` attribute)? */
function inForm(target: EventTarget | null, formId: string): boolean {
  if (!(target instanceof Element)) return false;
  const owner = "form" in target ? (target as HTMLInputElement).form : null;
  return (owner ?? target.closest("form"))?.id === formId;
}

/**
 * conform's validation options for form `formId` (spread into `useForm`), with the schema `schemaOf` picks from the
 * module `load` imports (called at each validation: a schema built from the render's values stays current).
 * `timing` is the form's own, applied once the schema is there.
 */
export function useLazyValidation<M, S extends $ZodType>(
  formId: string,
  load: () => Promise<M>,
  schemaOf: (module: M) => S,
  timing: { shouldValidate: Timing; shouldRevalidate?: Timing },
): LazyValidation<S> {
  const [loaded, setLoaded] = useState<{ module: M; parse: Parse } | null>(null);
  // Fields left while the schema was on its way: validated as if left again once it is there.
  const [leftEarly] = useState(() => new Set<Element>());
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (loaded) return;
    let started = false;
    let active = true;
    const start = () => {
      if (started) return;
      started = true;
      Promise.all([loadRef.current(), import("@conform-to/zod/v4")]).then(
        ([module, zod]) => {
          if (active) setLoaded({ module, parse: zod.parseWithZod });
        },
        // Offline or a stale deployment: the server still validates; the next use tries again.
        () => void (started = false),
      );
    };
    const onUse = (event: Event) => {
      if (inForm(event.target, formId)) start();
    };
    const onLeave = (event: Event) => {
      if (started && inForm(event.target, formId)) leftEarly.add(event.target as Element);
    };
    // A dialog's field focused as it opens (autofocus) was focused before this effect ran.
    if (inForm(document.activeElement, formId)) start();
    document.addEventListener("focusin", onUse);
    document.addEventListener("input", onUse);
    document.addEventListener("focusout", onLeave);
    return () => {
      active = false;
      document.removeEventListener("focusin", onUse);
      document.removeEventListener("input", onUse);
      document.removeEventListener("focusout", onLeave);
    };
  }, [formId, loaded, leftEarly]);

  useEffect(() => {
    if (!loaded) return;
    // conform has the schema now (its options are updated as the render commits, before this effect): it checks
    // each field the user left meanwhile, as it would have on blur.
    for (const field of leftEarly) if (field.isConnected) field.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    leftEarly.clear();
  }, [loaded, leftEarly]);

  if (!loaded) return { onValidate: undefined, shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" };
  const { module, parse } = loaded;
  return {
    onValidate: ({ formData }) => parse(formData, { schema: schemaOf(module) }),
    shouldValidate: timing.shouldValidate,
    shouldRevalidate: timing.shouldRevalidate ?? timing.shouldValidate,
  };
}
