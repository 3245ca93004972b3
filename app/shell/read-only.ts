/**
 * Whether the signed-in user is read-only in their organization (support staff: ADR 026), read from the portal
 * layout's data: the one switch every portal screen asks before it offers a change. Pages hide the controls of
 * changes such a user cannot make — a button or link that posts, or opens a form that posts — and a dialog
 * that changes data (`<Dialog changes>`, components/dialog.tsx), opened by its URL, shows READ_ONLY_NOTICE
 * instead of its form; an action menu drops its items marked `changes` (components/action-menu.tsx). The
 * server refuses them anyway (app/auth/read-only.server.ts, and the provider API): hiding is not the guard.
 */
import { useRouteLoaderData } from "react-router";
import { isReadOnlyRole } from "../auth/roles";
import { SUPPORT_CANNOT_CHANGE } from "../areas/admin/access";
import type { PortalShellData } from "./shell-loader.server";

export function useReadOnly(): boolean {
  const shell = useRouteLoaderData<PortalShellData>("routes/_app");
  return isReadOnlyRole(shell?.user.role);
}

/** What a read-only user sees where a change's form would be: the server's own refusal (ADR 015, 026). */
export const READ_ONLY_NOTICE = SUPPORT_CANNOT_CHANGE;
