/**
 * The portal's analytics hook (002 §2: clicking RTM Billing in the sidebar is tracked). Off by default; with
 * ANALYTICS_ENABLED and ANALYTICS_URL each event is a JSON POST to that collector (best effort, like error
 * reporting). An event names what happened and who did it by their ids only — never names, e-mails or any
 * patient data.
 */
import { getConfig } from "../config.server";
import { log } from "../log.server";
import { postToCollector } from "./collector.server";

export interface AnalyticsEvent {
  /** What happened, e.g. "rtm-billing-opened". */
  name: string;
  /** Where it happened, e.g. "sidebar". */
  source: string;
  userId: string;
  organizationId: string;
}

export function trackEvent(event: AnalyticsEvent): void {
  let target: { url: string } | undefined;
  try {
    target = getConfig().analytics;
  } catch {
    target = undefined;
  }
  log.debug("analytics event", { event: "analytics", eventName: event.name, source: event.source });
  if (!target) return;
  postToCollector(target.url, { ...event, time: new Date().toISOString(), app: "portal" }, "analytics");
}
