import { defineHandlers } from "../../core/handlers.js";

/** Handlers of the system area, keyed by operationId. */
export const handlers = defineHandlers({});
