/**
 * ADR 026: support staff (EXER_SUPPORT) change nothing in their own organization. One middleware on the portal's
 * signed-in layout (routes/_app.tsx) refuses every request that is not a read — a form post, a fetcher's post, a
 * data request's action — from a read-only role with 403 and ADR 015's message, before any action runs, whatever
 * route it is sent to. What stays open is theirs alone: their account (profile, password) and their favorite
 * exercises (the Motion Library's star). The session's filter and sidebar (`/shell/…`) are outside this layout.
 * The provider API refuses the same changes again (reference-api `checkSupportChange`): hiding controls is not the
 * guard, and neither is this.
 */
import { data, type MiddlewareFunction } from "react-router";
import { portalRequest, type PortalLoadContext } from "../context";
import { log, redactPath } from "../log.server";
import { requestUrl } from "../request-url";
import { SUPPORT_CANNOT_CHANGE } from "../areas/admin/access";
import { isReadOnlyRole, type Role } from "./roles";
import { currentUser } from "./current-user.server";

/** The portal paths where a read-only role may still post: what belongs to the user alone. */
export const READ_ONLY_MAY_POST: readonly string[] = ["/user/account/", "/programs/exercise-library/"];

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a request of `method` to `path` by `role` is a change that role may not make. */
export function isRefusedChange(method: string, path: string, role: Role): boolean {
  if (READS.has(method.toUpperCase()) || !isReadOnlyRole(role)) return false;
  return !READ_ONLY_MAY_POST.some((p) => path === p.slice(0, -1) || path.startsWith(p));
}

/** The middleware (after `authenticate`): a read-only role's change is answered 403 (the area's error screen with the message). */
export const refuseReadOnlyChanges: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (READS.has(request.method.toUpperCase())) return next();
  const user = currentUser(context as PortalLoadContext);
  const path = requestUrl(request).pathname;
  if (isRefusedChange(request.method, path, user.role)) {
    log.warn("change refused to a read-only role", { requestId: portalRequest(context as PortalLoadContext).requestId, event: "read-only-refusal", role: user.role, method: request.method, path: redactPath(path) });
    throw data({ message: SUPPORT_CANNOT_CHANGE }, { status: 403 });
  }
  return next();
};
