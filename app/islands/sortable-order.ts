/**
 * The reorder protocol of the sortable list (sortable-list.tsx): shared by the server-rendered list, its
 * drag-and-drop island and the actions that apply them, so both ways give the same order.
 *
 * - Without JavaScript each row has Move up / Move down submit buttons: `intent=move-up:{key}` or
 *   `intent=move-down:{key}`.
 * - With JavaScript a drop submits `intent=reorder` with the keys in their new order (`order`, repeated).
 */
import type { ReactNode } from "react";

export const MOVE_UP = "move-up";
export const MOVE_DOWN = "move-down";
export const REORDER = "reorder";

export type MoveDirection = typeof MOVE_UP | typeof MOVE_DOWN;

export const moveIntent = (direction: MoveDirection, key: string) => `${direction}:${key}`;

/** `move-up:{key}` / `move-down:{key}` → the direction and the key; null for anything else. */
export function parseMoveIntent(value: unknown): { direction: MoveDirection; key: string } | null {
  if (typeof value !== "string") return null;
  const m = /^(move-up|move-down):(.+)$/.exec(value);
  return m ? { direction: m[1] as MoveDirection, key: m[2]! } : null;
}

/** The keys with `key` moved one place up or down (unchanged at the ends or for an unknown key). */
export function moveKey(keys: readonly string[], key: string, direction: MoveDirection): string[] {
  const out = [...keys];
  const i = out.indexOf(key);
  const j = direction === MOVE_UP ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= out.length) return out;
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** The keys with the item at `from` moved to `to` (a drop). */
export function moveIndex(keys: readonly string[], from: number, to: number): string[] {
  const out = [...keys];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** A drop the island shows until its list answers: the `items` it was made on and the keys in their new order. */
export interface PendingDrop<T> {
  items: readonly T[];
  order: string[];
}

/**
 * The order the drag list shows: the list's own (`keys` of `items`), or a drop's while the form it submitted has
 * no answer yet (the same `items` array). A list given `onReorder` is the parent's state and is always shown as
 * given. Any new list from the parent or the server — a save, a refused reorder, a Cancel that resets the draft to
 * the order the drop started from — wins over the drop: keyed by the keys alone, a reset to the same keys kept
 * the dragged order on screen (issue 25).
 */
export function shownOrder<T>(keys: string[], items: readonly T[], drop: PendingDrop<T> | null, controlled: boolean): string[] {
  return !controlled && drop !== null && drop.items === items ? drop.order : keys;
}

/** The sortable list's props (sortable-list.tsx and its island). */
export interface SortableListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** The item's name in the buttons' labels and the announcements ("Move up Bridge"). */
  getLabel: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** The list's accessible name. */
  label: string;
  /** The submit buttons' field name (default `intent`). */
  intentName?: string;
  /** The field that carries the keys of a reorder (default `order`). */
  orderName?: string;
  /** With JavaScript: called with the new order instead of submitting the form around the list. */
  onReorder?: (keys: string[]) => void;
  className?: string;
}
