import { useEffect, useState } from "react";

let hydrated = false;

/** False on the server and during hydration; true once JavaScript runs (for controls that only work with it). */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setValue(true);
  }, []);
  return value;
}
