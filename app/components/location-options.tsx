/** The options of a location select: 'All Locations' (value `allValue`), then the locations by their names. */
import { ALL_LOCATIONS_LABEL } from "../shell/filter";

export function LocationOptions({ locations, allValue = "" }: { locations: readonly { id: string; name: string }[]; allValue?: string }) {
  return (
    <>
      <option value={allValue}>{ALL_LOCATIONS_LABEL}</option>
      {locations.map((l) => (
        <option key={l.id} value={l.id}>
          {l.name}
        </option>
      ))}
    </>
  );
}
