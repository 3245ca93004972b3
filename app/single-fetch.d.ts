/**
 * Single fetch is on (remix.config.js `v3_singleFetch`): loader and action data are typed by its
 * serialization (promises stream to `<Await>`, dates stay dates) instead of the JSON one.
 */
import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
