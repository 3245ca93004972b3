/**
 * Helpers of the patient detail's dialog forms: a submit button that
 * cannot submit twice, and the reply of the dialog's action (a fetcher with JavaScript, so the page behind
 * stays as it is; the document's action data without it).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useFetcher } from "react-router";
import type { ButtonHTMLAttributes } from "react";

type Reply = SubmissionResult<string[]> | undefined;

/**
 * The fetcher a dialog submits with and the last reply of its action: the fetcher's (with JavaScript) or the
 * page's action data (without JavaScript the form posts as a document and the page renders the reply). The
 * action data is only taken when it answers the same form (`dialog`: its intent).
 */
export function useDialogSubmission(intent: string) {
  const fetcher = useFetcher<Reply & { dialog?: string }>({ key: `patient-dialog-${intent}` });
  const actionData = useActionData() as (SubmissionResult<string[]> & { dialog?: string }) | undefined;
  const lastResult = fetcher.data ?? (actionData && actionData.dialog === intent ? actionData : undefined);
  return { fetcher, lastResult: lastResult as Reply, busy: fetcher.state !== "idle" };
}

/** A submit button that does nothing while its form is being sent (no double submission). */
export function DialogSubmit({ busy, children, busyText, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; busyText: string }) {
  return (
    <button
      type="submit"
      className="button primary"
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
      {...rest}
    >
      {busy ? busyText : children}
    </button>
  );
}
