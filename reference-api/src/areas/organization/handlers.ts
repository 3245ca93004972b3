import { defineHandlers } from "../../core/handlers.js";

/** Handlers of the organization area, keyed by operationId. */
export const handlers = defineHandlers({});
