import { highestRole, type Caller } from "../../core/auth.js";
import type { Schema } from "../../core/contract.js";
import { ApiError } from "../../core/errors.js";
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
