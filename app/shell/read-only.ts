/**
 * Whether the signed-in user is read-only in their organization (support staff: ADR 026), read from the portal
 * layout's data. Pages hide the controls of changes such a user cannot make; the server refuses them anyway
 * (app/auth/read-only.server.ts, and the provider API).
 */
import { useRouteLoaderData } from "react-router";
import { isReadOnlyRole } from "../auth/roles";
import type { PortalShellData } from "./shell-loader.server";

export function useReadOnly(): boolean {
  const shell = useRouteLoaderData<PortalShellData>("routes/_app");
  return isReadOnlyRole(shell?.user.role);
}
