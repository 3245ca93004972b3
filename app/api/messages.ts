/**
 * The spec's messages for a failed load of a resource several areas show (000 §8, 001 §8), verbatim. Not a
 * `.server` module: the pages (browser code) show them too.
 */
export const LOCATIONS_LOAD_FAILED = "Could not get locations.";
export const PROVIDERS_LOAD_FAILED = "Could not get providers.";
