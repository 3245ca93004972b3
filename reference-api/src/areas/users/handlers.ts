import { defineHandlers } from "../../core/handlers.js";

/** Handlers of the users area, keyed by operationId. */
export const handlers = defineHandlers({});
