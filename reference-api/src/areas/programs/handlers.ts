import { defineHandlers } from "../../core/handlers.js";

/** Handlers of the programs area, keyed by operationId. */
export const handlers = defineHandlers({});
