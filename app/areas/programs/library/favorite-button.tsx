/**
 * The favorite toggle of an exercise card (001 §2.1, §7): a form post to the library (`intent=favorite|
 * unfavorite`). Without JavaScript the page comes back (Post/Redirect/Get); with it a fetcher posts and the
 * star turns at once (`aria-pressed`), and clicks are ignored while its request is in flight.
 */
import { useFetcher } from "react-router";
import { useEffect, useRef, type FormEvent } from "react";
import { useHydrated } from "../../../components/use-hydrated";

export interface FavoriteButtonProps {
  exercise: { id: string; name: string };
  /** Whether it is a favorite now (the page's data). */
  favorite: boolean;
  /** The library's URL with its search (the post comes back there). */
  action: string;
}

export const favoriteLabel = (name: string) => `Favorite ${name}`;

export function FavoriteButton({ exercise, favorite, action }: FavoriteButtonProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ ok: boolean }>({ key: `favorite-${exercise.id}` });
  const busy = fetcher.state !== "idle";
  // Set at the first submit, before React renders the busy state: a click right after it is ignored too.
  const inFlight = useRef(false);
  useEffect(() => {
    if (fetcher.state === "idle") inFlight.current = false;
  }, [fetcher.state]);
  // While the request runs (and the page's data reload after it), show what was asked.
  const pending = fetcher.formData?.get("intent");
  const pressed = pending === "favorite" ? true : pending === "unfavorite" ? false : favorite;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (busy || inFlight.current) e.preventDefault();
    else inFlight.current = true;
  };
  return (
    <fetcher.Form method="post" action={action} className="favorite-form" onSubmit={onSubmit} preventScrollReset>
      <input type="hidden" name="exerciseId" value={exercise.id} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        name="intent"
        value={pressed ? "unfavorite" : "favorite"}
        className="favorite-button"
        aria-pressed={pressed}
        aria-label={favoriteLabel(exercise.name)}
        aria-disabled={busy || undefined}
        title={pressed ? "Remove from favorites" : "Add to favorites"}
      >
        <span aria-hidden="true">{pressed ? "★" : "☆"}</span>
      </button>
    </fetcher.Form>
  );
}
