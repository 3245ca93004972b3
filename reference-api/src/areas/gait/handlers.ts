import { defineHandlers } from "../../core/handlers.js";

/** Handlers of the gait area, keyed by operationId. */
export const handlers = defineHandlers({});
