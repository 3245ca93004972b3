/**
 * The type of what a loader or action (or a server function shared by several) hands the page. React Router
 * streams loader data with turbo-stream, which keeps Dates, Maps, Sets, Promises and the like as they are, so
 * the page sees the function's resolved value, unwrapped from `data(…)`. Route modules use their generated
 * `Route.ComponentProps` (`./+types/…`); this names the same thing for the area modules that receive a route's
 * data as props.
 */
import type { UNSAFE_DataWithResponseInit } from "react-router";

type Unwrapped<T> = T extends Response ? never : T extends UNSAFE_DataWithResponseInit<infer U> ? U : T;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SerializeFrom<T> = T extends (...args: any[]) => infer R ? Unwrapped<Awaited<R>> : T;
