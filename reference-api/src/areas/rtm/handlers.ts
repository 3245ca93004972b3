import { defineHandlers } from "../../core/handlers.js";

/** Handlers of the rtm area, keyed by operationId. */
export const handlers = defineHandlers({});
