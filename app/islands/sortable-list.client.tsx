/**
 * The drag-and-drop island of sortable-list.tsx (browser only; loaded with React.lazy after hydration).
 * Rows are dragged by their handle — with the pointer, or with the keyboard (focus the handle, Space to pick
 * up, arrow keys to move, Space to drop, Escape to cancel) — and each step is announced to screen readers.
 * A drop submits the surrounding form with `intent=reorder` and the keys in their new order. Move up / Move down
 * stay beside the handle (WCAG 2.2 2.5.7 Dragging Movements: a single-pointer way that needs no drag): each moves
 * its row one place and is submitted the same way.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { moveIndex, REORDER, shownOrder, type PendingDrop, type SortableListProps } from "./sortable-order";

const instructions: ScreenReaderInstructions = {
  draggable: "To reorder, press Space or Enter to pick up the item. Use the up and down arrow keys to move it, Space or Enter to drop it, or Escape to cancel.",
};

export default function DragList<T>({ items, getKey, getLabel, renderItem, label, intentName = "intent", orderName = "order", onReorder, className }: SortableListProps<T>) {
  const keys = items.map(getKey);
  // The local order after a drop, until the list answers with its own (shownOrder: any new list wins).
  const [dropped, setDropped] = useState<PendingDrop<T> | null>(null);
  const order = shownOrder(keys, items, dropped, onReorder !== undefined);
  const setOrder = (next: string[]) => setDropped({ items, order: next });
  const submitter = useRef<HTMLButtonElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const byKey = new Map(items.map((item) => [getKey(item), item]));
  const nameOf = (id: UniqueIdentifier) => {
    const item = byKey.get(String(id));
    return item === undefined ? String(id) : getLabel(item);
  };
  const positionOf = (id: UniqueIdentifier) => order.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}. It is at position ${positionOf(active.id)} of ${order.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${order.length}.` : `${nameOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} was dropped at position ${positionOf(over.id)} of ${order.length}.` : `${nameOf(active.id)} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    reorder(moveIndex(order, order.indexOf(String(active.id)), order.indexOf(String(over.id))));
  };

  /** Move up / Move down: the row one place up (-1) or down (+1). */
  const move = (key: string, by: -1 | 1) => {
    const from = order.indexOf(key);
    const to = from + by;
    if (from < 0 || to < 0 || to >= order.length) return;
    reorder(moveIndex(order, from, to));
  };

  const reorder = (next: string[]) => {
    if (onReorder) {
      onReorder(next);
      return;
    }
    // The hidden `order` fields must hold the new order before the form is sent.
    flushSync(() => setOrder(next));
    const button = submitter.current;
    button?.form?.requestSubmit(button);
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: instructions }}>
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ol className={["sortable-list", "sortable-list-drag", className].filter(Boolean).join(" ")} aria-label={label}>
          {order.map((key, index) => {
            const item = byKey.get(key);
            if (item === undefined) return null;
            return (
              <SortableRow key={key} id={key} name={getLabel(item)} first={index === 0} last={index === order.length - 1} onMove={(by) => move(key, by)}>
                {renderItem(item, index)}
              </SortableRow>
            );
          })}
        </ol>
      </SortableContext>
      {onReorder ? null : (
        <>
          {order.map((key) => (
            <input key={key} type="hidden" name={orderName} value={key} />
          ))}
          <button ref={submitter} type="submit" name={intentName} value={REORDER} formNoValidate hidden tabIndex={-1} aria-hidden="true" />
        </>
      )}
    </DndContext>
  );
}

interface RowProps {
  id: string;
  name: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  children: ReactNode;
}

function SortableRow({ id, name, first, last, onMove, children }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li ref={setNodeRef} className={isDragging ? "sortable-row is-dragging" : "sortable-row"} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <button type="button" ref={setActivatorNodeRef} className="icon-button sortable-handle" {...attributes} {...listeners} aria-label={`Reorder ${name}`}>
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="sortable-item">{children}</div>
      <div className="sortable-moves">
        <button type="button" className="button sortable-move" disabled={first} onClick={() => onMove(-1)}>
          Move up<span className="visually-hidden"> {name}</span>
        </button>
        <button type="button" className="button sortable-move" disabled={last} onClick={() => onMove(1)}>
          Move down<span className="visually-hidden"> {name}</span>
        </button>
      </div>
    </li>
  );
}
