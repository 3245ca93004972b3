/**
 * A reorderable list (guide §6 "Drag-and-drop"), generic: the program builder's exercises, the admin area's
 * modules editor. The server renders an ordered list whose rows have Move up / Move down submit buttons
 * (`intent=move-up:{key}` / `move-down:{key}`, sortable-order.ts; named "Move up {item}") for the form around it. The
 * drag-and-drop island (sortable-list.client.tsx, @dnd-kit: pointer and keyboard, with screen-reader announcements)
 * is an enhancement of that list, loaded once the page has hydrated and its load event has passed (useAfterLoad, ADR
 * 038): it adds a drag handle per row beside Move up / Move down (which stay, WCAG 2.2 2.5.7, and work before it comes)
 * and, after a drop, submits the form with `intent=reorder` and the keys in order (or calls `onReorder`). Only the
 * routes that render this component fetch the island's chunk, and a page reached by a client navigation (the
 * builder's Next) fetches it at once. Its styles: sortable-list.css (link it from the route).
 */
import { Suspense, type ComponentType } from "react";
import { useAfterLoad } from "../components/use-after-load";
import { MOVE_DOWN, MOVE_UP, moveIntent, type SortableListProps } from "./sortable-order";
import { lazyPart } from "../components/lazy-part";

export type { SortableListProps };

const loadDragList = () => import("./sortable-list.client");
const DragList = lazyPart(loadDragList) as unknown as ComponentType<SortableListProps<unknown>>;

export function SortableList<T>(props: SortableListProps<T>) {
  const enhanced = useAfterLoad(loadDragList) !== null;
  const buttons = <ButtonList {...props} />;
  if (!enhanced || props.items.length < 2) return buttons;
  return (
    <Suspense fallback={buttons}>
      <DragList {...(props as unknown as SortableListProps<unknown>)} />
    </Suspense>
  );
}

/** The server-rendered list: Move up / Move down submit buttons on each row. */
export function ButtonList<T>({ items, getKey, getLabel, renderItem, label, intentName = "intent", className }: SortableListProps<T>) {
  return (
    <ol className={["sortable-list", className].filter(Boolean).join(" ")} aria-label={label}>
      {items.map((item, index) => {
        const key = getKey(item);
        const name = getLabel(item);
        return (
          <li key={key} className="sortable-row">
            <div className="sortable-item">{renderItem(item, index)}</div>
            {items.length > 1 ? (
              <div className="sortable-moves">
                <button type="submit" className="button sortable-move" name={intentName} value={moveIntent(MOVE_UP, key)} disabled={index === 0} formNoValidate>
                  Move up<span className="visually-hidden"> {name}</span>
                </button>
                <button
                  type="submit"
                  className="button sortable-move"
                  name={intentName}
                  value={moveIntent(MOVE_DOWN, key)}
                  disabled={index === items.length - 1}
                  formNoValidate
                >
                  Move down<span className="visually-hidden"> {name}</span>
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
