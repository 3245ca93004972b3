import { describe, expect, it } from "vitest";
import { isCancellation, quietCancelledNavigations } from "./cancelled-navigations";

function rejection(reason: unknown) {
  const event = new Event("unhandledrejection", { cancelable: true }) as PromiseRejectionEvent;
  Object.defineProperty(event, "reason", { value: reason });
  return event;
}

describe("a cancelled navigation's rejection", () => {
  it("is a cancellation: an AbortError from an aborted signal, with or without a reason of its own", () => {
    const controller = new AbortController();
    controller.abort();
    expect(isCancellation(controller.signal.reason)).toBe(true);
    expect(isCancellation(new DOMException("gone", "AbortError"))).toBe(true);
    expect(isCancellation(new DOMException("late", "TimeoutError"))).toBe(false);
    expect(isCancellation(new Error("AbortError"))).toBe(false);
    expect(isCancellation(Object.assign(new Error("x"), { name: "AbortError" }))).toBe(false);
  });

  it("is not reported; every other unhandled rejection still is", () => {
    const target = new EventTarget();
    quietCancelledNavigations(target as unknown as Window);
    const controller = new AbortController();
    controller.abort();
    const cancelled = rejection(controller.signal.reason);
    target.dispatchEvent(cancelled);
    expect(cancelled.defaultPrevented).toBe(true);
    const failed = rejection(new TypeError("Failed to fetch"));
    target.dispatchEvent(failed);
    expect(failed.defaultPrevented).toBe(false);
  });
});
