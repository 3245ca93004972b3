/** The dashboard's activity cards (spec 000 §2.5, §7: GET v2/dashboards/actions). */
import type { Api } from "./client.server";

export const getDashboardActions = (api: Api) => api.call((c, init) => c.GET("/v2/dashboards/actions", init));
