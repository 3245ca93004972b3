import { requireMember, type Role } from "../../core/auth.js";
import { defineHandlers } from "../../core/handlers.js";
import { badRequest, conflict, forbidden, notFound, unauthorized } from "../../core/errors.js";
import { dashboardActions } from "./dashboard.js";
import { loadUserProfile } from "./profile.js";
import { ACCOUNT_EVENTS, ACCOUNT_EVENTS_SHOWN, recordSecurityEvent, type SecurityEvent } from "../audit/security-log.js";
import { newRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from "./recovery-codes.js";
import { passwordProblem } from "../../../../app/domain/password.js";
import { SERVER_PASSWORD_RULE } from "../../../../app/auth/password.server.js";

/** One answer for every refused recovery code (wrong, used, unknown user): no account enumeration. */
export const RECOVERY_CODE_INVALID = "That recovery code is not valid.";

const trimmed = (value: string, field: string) => {
  const v = value.trim();
  if (!v) throw badRequest(`${field} is required`);
  return v;
};

/**
 * One answer for every invite code that cannot be used — unknown, withdrawn, used, of a disabled organization — at the
 * look-up and at the sign-up: a used code reveals nothing about its invitee (ADR 042).
 */
export const INVITATION_NOT_VALID = "This invitation is not valid.";
export const EMAIL_HAS_ACCOUNT = "An account with this e-mail already exists. Please log in.";

/** Handlers of the users area, keyed by operationId. */
export const handlers = defineHandlers({
  async getCurrentUser(ctx) {
    return loadUserProfile(ctx.db, ctx.caller, ctx.caller.userId);
  },

  async updateUserProfile(ctx) {
    const caller = ctx.caller;
    if (ctx.params.id !== caller.userId) throw forbidden("You can only update your own profile.");
    if (ctx.body.userId !== undefined && ctx.body.userId !== ctx.params.id) throw badRequest("userId must be the id of the path");
    if (!caller.practitionerId) throw notFound("We didn't find a provider account for this login.");
    const firstName = trimmed(ctx.body.firstName, "firstName");
    const lastName = trimmed(ctx.body.lastName, "lastName");
    await ctx.db.query("UPDATE practitioners SET first_name = $2, last_name = $3 WHERE id = $1", [caller.practitionerId, firstName, lastName]);
    return loadUserProfile(ctx.db, caller, caller.userId);
  },

  async completeSignUp(ctx) {
    // The caller has no provider account yet: use ctx.caller (token identity), not requireMember.
    const caller = ctx.caller;
    if (ctx.params.id !== caller.userId) throw forbidden("You can only complete your own sign-up.");
    if (ctx.body.userId !== undefined && ctx.body.userId !== ctx.params.id) throw badRequest("userId must be the id of the path");
    const firstName = trimmed(ctx.body.firstName, "firstName");
    const lastName = trimmed(ctx.body.lastName, "lastName");
    const role = await ctx.db.tx(async (db) => {
      const linked = await db.one("SELECT 1 FROM practitioners WHERE user_id = $1 AND deleted_at IS NULL", [caller.userId]);
      if (linked) throw conflict("This account has already completed sign-up.");
      const invite = await db.one<{ id: string; user_id: string | null; disabled: boolean; role: Role }>(
        `SELECT p.id, p.user_id, p.role, o.disabled FROM practitioners p JOIN organizations o ON o.id = p.organization_id
          WHERE p.invite_code = $1 AND p.deleted_at IS NULL FOR UPDATE OF p`,
        [ctx.body.inviteCode],
      );
      if (!invite) throw notFound("Invite code not found");
      if (invite.user_id) throw conflict("This invitation has already been used to sign up.");
      if (invite.disabled) throw forbidden("Your organization is disabled.");
      // A removed provider row may still hold this user id; release it so the unique user id can move.
      await db.query("UPDATE practitioners SET user_id = NULL WHERE user_id = $1 AND deleted_at IS NOT NULL", [caller.userId]);
      await db.query("UPDATE practitioners SET user_id = $2, first_name = $3, last_name = $4 WHERE id = $1", [invite.id, caller.userId, firstName, lastName]);
      // The invitation's role becomes the user's group in the identity service (inside the transaction: if
      // the identity service refuses, nothing is linked and the user can try again).
      try {
        await ctx.identity?.setRole(caller.userId, invite.role);
      } catch (e) {
        // A token outliving its user (e.g. a removed provider's, deleted from the pool) links nothing.
        if ((e as { name?: string })?.name === "UserNotFoundException") throw unauthorized("This login no longer exists. Please sign up again.");
        throw e;
      }
      return invite.role;
    });
    // The caller's token still carries the groups of before sign-up; the profile answers the role they now hold.
    return loadUserProfile(ctx.db, caller.role ? caller : { ...caller, groups: [role], role }, caller.userId);
  },

  async createMfaRecoveryCodes(ctx) {
    // A member of an organization with a portal role (no role, or no provider account: 403).
    const caller = requireMember(ctx.caller);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    // Why (ADR 034): an enrolment or a replacement is recorded as such; new codes alone as `mfa-recovery-codes`.
    const reason = ctx.body.reason;
    const event: SecurityEvent = reason === "enrolled" ? "mfa-enrolled" : reason === "replaced" ? "mfa-replaced" : "mfa-recovery-codes";
    await ctx.db.tx(async (db) => {
      await db.query("DELETE FROM mfa_recovery_codes WHERE user_id = $1", [caller.userId]);
      await db.query("INSERT INTO mfa_recovery_codes (user_id, code_hash) SELECT $1, h FROM unnest($2::bytea[]) AS h", [caller.userId, codes.map((c) => recoveryCodeHash(normalizeRecoveryCode(c)!))]);
      await recordSecurityEvent(db, ctx.req, caller, event, { practitionerId: caller.practitionerId, userId: caller.userId }, 201);
    });
    ctx.reply.code(201);
    return { codes };
  },

  async listMySecurityEvents(ctx) {
    // The caller's own account history (ADR 034): events whose subject is the caller's user; a member only.
    const caller = requireMember(ctx.caller);
    const rows = await ctx.db.query<{ event: (typeof ACCOUNT_EVENTS)[number]; at: Date | string; user_id: string }>(
      `SELECT event, at, user_id FROM account_security_log
        WHERE subject_user_id = $1 AND event = ANY($2::text[]) AND status < 400
        ORDER BY id DESC LIMIT $3`,
      [caller.userId, [...ACCOUNT_EVENTS], ACCOUNT_EVENTS_SHOWN],
    );
    return { items: rows.map((r) => ({ event: r.event, at: new Date(r.at).toISOString(), bySelf: r.user_id === caller.userId })) };
  },

  async redeemMfaRecoveryCode(ctx) {
    const normalized = normalizeRecoveryCode(ctx.body.recoveryCode);
    const userId = ctx.body.userId;
    if (!normalized) throw badRequest(RECOVERY_CODE_INVALID);
    await ctx.db.tx(async (db) => {
      const used = await db.one<{ user_id: string }>(
        "UPDATE mfa_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id",
        [userId, recoveryCodeHash(normalized)],
      );
      if (!used) throw badRequest(RECOVERY_CODE_INVALID);
      const who = await db.one<{ id: string; organization_id: string; role: Role }>("SELECT id, organization_id, role FROM practitioners WHERE user_id = $1 AND deleted_at IS NULL", [userId]);
      await recordSecurityEvent(db, ctx.req, { userId, practitionerId: who?.id ?? null, role: who?.role ?? null, organizationId: who?.organization_id ?? null }, "mfa-recovered", { practitionerId: who?.id ?? null, userId }, 204);
      // Last: if the identity service refuses, the code stays unused and nothing is recorded.
      await ctx.identity?.resetMfa(userId);
    });
    ctx.reply.code(204);
    return undefined;
  },

  async getSignUpByInviteCode(ctx) {
    const row = await ctx.db.one<{ first_name: string; last_name: string; email: string; invite_code: string; org_name: string }>(
      `SELECT p.first_name, p.last_name, p.email, p.invite_code, o.name AS org_name
         FROM practitioners p JOIN organizations o ON o.id = p.organization_id
        WHERE p.invite_code = $1 AND p.deleted_at IS NULL AND p.user_id IS NULL AND NOT o.disabled`,
      [ctx.params.code],
    );
    if (!row) throw notFound(INVITATION_NOT_VALID);
    return {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      inviteCode: row.invite_code,
      hasAccount: false,
      organizationName: row.org_name,
    };
  },

  async signUpByInviteCode(ctx) {
    // The password rule first: nothing is made for a password the portal would refuse.
    const problem = passwordProblem(ctx.body.password, SERVER_PASSWORD_RULE);
    if (problem) throw badRequest(problem);
    const identity = ctx.identity;
    if (!identity) throw new Error("no identity service is configured: accounts cannot be made");
    const account = await ctx.db.tx(async (db) => {
      // The row lock makes concurrent posts for one invitation run one after the other: the second finds it used.
      const invite = await db.one<{ id: string; email: string; first_name: string; last_name: string; role: Role }>(
        `SELECT p.id, p.email, p.first_name, p.last_name, p.role FROM practitioners p JOIN organizations o ON o.id = p.organization_id
          WHERE p.invite_code = $1 AND p.deleted_at IS NULL AND p.user_id IS NULL AND NOT o.disabled FOR UPDATE OF p`,
        [ctx.params.code],
      );
      if (!invite) throw notFound(INVITATION_NOT_VALID);
      const firstName = invite.first_name.trim() || trimmed(ctx.body.firstName ?? "", "firstName");
      const lastName = invite.last_name.trim() || trimmed(ctx.body.lastName ?? "", "lastName");
      // The invitation's own id is the username: a repeat after a failure below finishes the account it left.
      const username = invite.id;
      await db.query("UPDATE practitioners SET user_id = $2, first_name = $3, last_name = $4 WHERE id = $1", [invite.id, username, firstName, lastName]);
      // Last, inside the transaction: if the identity service refuses, nothing is linked and the invitation stays unused.
      try {
        await identity.createUser({ username, email: invite.email, password: ctx.body.password, givenName: firstName, familyName: lastName });
      } catch (e) {
        const name = (e as { name?: string })?.name;
        if (name === "AliasExistsException") throw conflict(EMAIL_HAS_ACCOUNT);
        if (name === "InvalidPasswordException") throw badRequest((e as Error).message);
        throw e;
      }
      await identity.setRole(username, invite.role);
      return { userId: username, email: invite.email };
    });
    ctx.reply.code(201);
    return account;
  },

  async getDashboardActions(ctx) {
    return dashboardActions(ctx.db, ctx.caller);
  },
});
