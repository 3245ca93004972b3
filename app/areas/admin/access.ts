/**
 * The admin area's change rule (ADR 015), shared by server and browser: see access.server.ts. Every portal page's
 * read-only switch reads its words (shell/read-only.ts): nothing here may bring the admin area's routes or sidebar
 * along (where `/admin/` sends each admin is in shell/admin-nav.ts).
 */
import type { Role } from "../../auth/roles";

/** The API's words for a change support staff may not make (reference API `SUPPORT_CANNOT_CHANGE`). */
export const SUPPORT_CANNOT_CHANGE = "Support staff cannot make this change; ask a product admin.";

/** Product admins change everything in the admin area; support staff only the scan-modules override. */
export const canChangeAdmin = (role: Role | null | undefined): boolean => role === "EXER_ADMIN";
