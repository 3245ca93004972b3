import { highestRole, type Caller } from "../../core/auth.js";
import type { Schema } from "../../core/contract.js";
import { ApiError, badRequest, notFound } from "../../core/errors.js";
import type { Db } from "../../db/db.js";
import { loadUserProfile } from "../users/profile.js";

/**
 * The profile of the portal user with this identity-service user id, as `GET v2/users/current` would answer
 * it to them; their groups are those of their practitioner role (the token's groups are not known here).
 * Undefined when no live provider has that user id.
 */
export async function getUserProfileByUserId(db: Db, userId: string): Promise<Schema<"UserProfile"> | undefined> {
  const row = await db.one<{ role: string }>("SELECT role FROM practitioners WHERE user_id = $1 AND deleted_at IS NULL", [userId]);
  if (!row) return undefined;
  const groups = [row.role];
  const asUser = { userId, groups, role: highestRole(groups) } as Caller;
  try {
    return await loadUserProfile(db, asUser, userId);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return undefined;
    throw e;
  }
}

/** The identity-service user id of the signed-up provider with this e-mail (case-insensitive), if any. */
export async function userIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db.one<{ user_id: string }>(
    "SELECT user_id FROM practitioners WHERE lower(email) = lower($1) AND user_id IS NOT NULL AND deleted_at IS NULL ORDER BY created_at, id LIMIT 1",
    [email.trim()],
  );
  return row?.user_id;
}

export const NO_USER_FOR_UUID = "No patient found, please check the UUID.";
export const NO_USER_FOR_EMAIL = "No patient found, please check the email.";

/** `GET v2/admin/user-profile`: exactly one of uuid and email (400 otherwise); 404 with the product's message when none matches. */
export async function findUserProfile(db: Db, q: { uuid?: string; email?: string }): Promise<Schema<"UserProfile">> {
  const uuid = q.uuid?.trim() || undefined;
  const email = q.email?.trim() || undefined;
  if (uuid && email) throw badRequest("uuid: give either uuid or email, not both");
  if (!uuid && !email) throw badRequest("uuid: UUID is required");
  const userId = uuid ?? (await userIdByEmail(db, email!));
  const profile = userId ? await getUserProfileByUserId(db, userId) : undefined;
  if (!profile) throw notFound(uuid ? NO_USER_FOR_UUID : NO_USER_FOR_EMAIL);
  return profile;
}
