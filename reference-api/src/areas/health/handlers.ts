import { defineHandlers } from "../../core/handlers.js";

/** Handlers of the health area, keyed by operationId. */
export const handlers = defineHandlers({});
