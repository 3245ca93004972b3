/**
 * A navigation the clinician replaced by another — a second click, a form sent while the previous page was still
 * coming — is cancelled: React Router aborts its request. React Router 8.4's single-fetch decoder then rejects the
 * cancelled answer's stream with nobody listening (remix-run/react-router#15765), and the browser reports
 * "Uncaught (in promise) AbortError: signal is aborted without reason" although nothing failed: the newer navigation
 * goes on. A full E2E run met it in the builder (a search sent while the step's page was coming), where the suite's
 * guard against uncaught errors failed the test, twice.
 *
 * The fix is in react-router 8.5.3, but its companions (@react-router/node, /express, /dev, pinned to the same
 * version) are not on the registry yet (ADR 023 "What was hard"): until they are, a rejection that is a cancellation
 * and that no one handled is not reported. Any other unhandled rejection still is. Remove with the upgrade.
 */
export function isCancellation(reason: unknown): boolean {
  return typeof DOMException !== "undefined" && reason instanceof DOMException && reason.name === "AbortError";
}

export function quietCancelledNavigations(target: Pick<Window, "addEventListener"> = window): void {
  target.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
    if (isCancellation(event.reason)) event.preventDefault();
  });
}
