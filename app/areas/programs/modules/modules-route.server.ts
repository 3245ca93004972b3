/**
 * The loader of `/programs/products` (Modules, 001 §2.5; routes/_app.programs.products.tsx re-exports it): only
 * for the staff on MODULES_STAFF_EMAILS (others: the 404 page). The content is static: no API call.
 */
import type { LoaderFunctionArgs } from "react-router";
import { requireListedStaff } from "../access.server";

export async function loadModules({ context }: LoaderFunctionArgs) {
  requireListedStaff(context, "modules");
  return null;
}
