import { defineHandlers } from "../../core/handlers.js";

/** Handlers of the patients area, keyed by operationId. */
export const handlers = defineHandlers({});
