import { defineHandlers } from "../../core/handlers.js";

/** Handlers of the scan area, keyed by operationId. */
export const handlers = defineHandlers({});
