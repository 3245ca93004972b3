/** The admin area's change rule (ADR 015), shared by server and browser: see access.server.ts. */
import type { Role } from "../../auth/roles";
import { ADMIN_ROUTES } from "../../shell/nav";

/** The API's words for a change support staff may not make (reference API `SUPPORT_CANNOT_CHANGE`). */
export const SUPPORT_CANNOT_CHANGE = "Support staff cannot make this change; ask a product admin.";

/** Product admins change everything in the admin area; support staff only the scan-modules override. */
export const canChangeAdmin = (role: Role | null | undefined): boolean => role === "EXER_ADMIN";

/** Where `/admin/` sends each class of admin (003 §2): support to Admin Settings, product admins to Organizations. */
export const adminHome = (role: Role | null | undefined): string => (role === "EXER_SUPPORT" ? ADMIN_ROUTES.settings : ADMIN_ROUTES.organizations);
