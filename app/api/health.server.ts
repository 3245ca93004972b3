/** The provider API's health check (GET healthcheck): the portal's readiness. */
import type { Api } from "./client.server";

export const checkHealth = (api: Api, timeoutMs = 3000) => api.call((c, init) => c.GET("/healthcheck", init), { timeoutMs });
