/** The Locations part of the Organization Details page (001 §2.7) and its dialogs. To be built. */
import type { LocationsData } from "./locations-route.server";

export function LocationsSection({ data }: { data: LocationsData }) {
  return <h2>Locations{data.items.length ? null : null}</h2>;
}
