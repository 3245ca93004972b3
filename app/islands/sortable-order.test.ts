import { describe, expect, it } from "vitest";
import { moveIndex, moveIntent, moveKey, parseMoveIntent, shownOrder } from "./sortable-order";

describe("the reorder protocol", () => {
  it("writes and reads move intents", () => {
    expect(moveIntent("move-up", "k-1")).toBe("move-up:k-1");
    expect(parseMoveIntent("move-down:k-1")).toEqual({ direction: "move-down", key: "k-1" });
    expect(parseMoveIntent("move-sideways:k")).toBeNull();
    expect(parseMoveIntent("move-up:")).toBeNull();
    expect(parseMoveIntent(null)).toBeNull();
  });

  it("moves a key one place, not past the ends", () => {
    expect(moveKey(["a", "b", "c"], "b", "move-up")).toEqual(["b", "a", "c"]);
    expect(moveKey(["a", "b", "c"], "b", "move-down")).toEqual(["a", "c", "b"]);
    expect(moveKey(["a", "b", "c"], "a", "move-up")).toEqual(["a", "b", "c"]);
    expect(moveKey(["a", "b", "c"], "c", "move-down")).toEqual(["a", "b", "c"]);
    expect(moveKey(["a", "b"], "x", "move-up")).toEqual(["a", "b"]);
  });

  it("a drop and the buttons give the same order", () => {
    const keys = ["a", "b", "c", "d"];
    expect(moveIndex(keys, 3, 1)).toEqual(moveKey(moveKey(keys, "d", "move-up"), "d", "move-up"));
    expect(moveIndex(keys, 0, 3)).toEqual(["b", "c", "d", "a"]);
    expect(moveIndex(keys, 5, 0)).toEqual(keys);
  });
});

describe("the drag list's shown order (issue 25)", () => {
  const items = [{ k: "a" }, { k: "b" }, { k: "c" }];
  const keys = items.map((i) => i.k);

  it("shows a drop until the list answers", () => {
    expect(shownOrder(keys, items, { items, order: ["c", "a", "b"] }, false)).toEqual(["c", "a", "b"]);
  });

  it("a new list wins over the drop, even one with the keys in the order the drop started from (Cancel, a refusal)", () => {
    const reset = items.map((i) => ({ ...i }));
    expect(shownOrder(keys, reset, { items, order: ["c", "a", "b"] }, false)).toEqual(keys);
  });

  it("a list the parent keeps (onReorder) is shown as given", () => {
    expect(shownOrder(keys, items, { items, order: ["c", "a", "b"] }, true)).toEqual(keys);
  });
});
