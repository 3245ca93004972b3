import { defineHandlers } from "../../core/handlers.js";

/** Handlers of the admin area, keyed by operationId. */
export const handlers = defineHandlers({});
