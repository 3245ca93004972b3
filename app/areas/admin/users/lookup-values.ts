/**
 * The user look-up's path and messages, without its schemas. The pages import this module, not ./lookup.ts (zod: the
 * server's look-ups), so zod stays out of their JavaScript (ADR 038).
 */
export const FIND_USER_PATH = "/admin/users/find-by-uuid";
export const COPIED_LINK = "Copied sign-up link.";
export const COPY_FAILED = "Could not copy to the clipboard.";
