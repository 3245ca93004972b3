/**
 * The password rule's server-side half (app/domain/password.ts): the check against the commonly used (breached)
 * passwords of app/auth/common-passwords.server.ts (ASVS 4.0.3 2.1.7), kept out of the browser's bundle. The list
 * becomes a Set on first use (~10,000 entries: a few milliseconds once, then one look-up per check).
 */
import { normalisePassword, type PasswordRuleOptions } from "../domain/password.js";
import { COMMON_PASSWORDS } from "./common-passwords.server.js";

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split("\n"));
  return common.has(normalisePassword(password));
}

/** The whole rule, for the forms' server-side parse and for provisioning. */
export const SERVER_PASSWORD_RULE: PasswordRuleOptions = { isCommon: isCommonPassword };
