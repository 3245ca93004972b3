/** The options of a location select: 'All Locations' (value `allValue`), then the locations by their names. */

/** 000 §2.2: the filter's "all" choice. (Here, not in shell/filter.ts: a page's select would load that module too.) */
export const ALL_LOCATIONS_LABEL = "All Locations";

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
