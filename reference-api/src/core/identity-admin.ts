import {
  AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminDeleteUserCommand, AdminSetUserPasswordCommand, AdminUpdateUserAttributesCommand, AdminListGroupsForUserCommand, AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { createIdentityClient } from "../../../scripts/identity/client.js";
import { ROLES, type Role } from "./auth.js";

/**
 * The API's administrative hold on the identity service: a provider's role lives in the user pool as a
 * group (the portal and this API read `cognito:groups`), so the API sets it when an invited provider
 * completes sign-up and when an admin changes a provider's role. Removing a provider deletes their user. The pool is
 * admin-create-only (ADR 042): an invited provider's account is made here, never by a public SignUp.
 */
export interface IdentityAdmin {
  /**
   * Makes an invited provider's account (ADR 042): AdminCreateUser with the e-mail verified (the invitation's link
   * proved it) and no message sent, then AdminSetUserPassword, permanent — confirmed, able to sign in at once.
   * Idempotent per username: a user of that name already there (a repeat after a failure that left it) gets the
   * e-mail and the password again. An e-mail another user holds throws AliasExistsException; a password the pool's
   * policy refuses throws InvalidPasswordException (a user this call made is removed again).
   */
  createUser(user: { username: string; email: string; password: string; givenName?: string; familyName?: string }): Promise<void>;
  /** Makes `role` the user's only portal group (other groups are left alone). */
  setRole(username: string, role: Role): Promise<void>;
  /**
   * Deletes the user from the pool (a removed provider can no longer sign in or refresh a session; their
   * e-mail is free for a later invitation). A user already gone is not an error.
   */
  deleteUser(username: string): Promise<void>;
  /**
   * Signs the user out everywhere (AdminUserGlobalSignOut: their refresh tokens are revoked, so no session of theirs
   * is renewed; ADR 025). A user already gone is not an error.
   */
  signOut(username: string): Promise<void>;
  /**
   * Turns the user's authenticator app off (AdminSetUserMFAPreference, ADR 027): their next sign-in asks for no
   * code (or sets up a new authenticator where one is required). A user already gone is not an error.
   */
  resetMfa(username: string): Promise<void>;
  /**
   * The user's second factor as the pool holds it (AdminGetUser: `UserMFASettingList`, `UserStatus`): whether an
   * authenticator app (or SMS) is turned on, and whether the user signs in through an external identity provider
   * (`EXTERNAL_PROVIDER`: the pool's MFA does not apply to them). Null for a user the pool does not know.
   */
  secondFactor(username: string): Promise<SecondFactorState | null>;
}

export interface SecondFactorState {
  enabled: boolean;
  external: boolean;
}

export function createIdentityAdmin(opts: { endpoint?: string; region: string; userPoolId: string }): IdentityAdmin {
  const client = createIdentityClient({ endpoint: opts.endpoint, region: opts.region });
  const pool = { UserPoolId: opts.userPoolId };
  return {
    async createUser(user) {
      const attributes = [
        { Name: "email", Value: user.email },
        { Name: "email_verified", Value: "true" },
        ...(user.givenName ? [{ Name: "given_name", Value: user.givenName }] : []),
        ...(user.familyName ? [{ Name: "family_name", Value: user.familyName }] : []),
      ];
      let created = false;
      try {
        // No TemporaryPassword: the service makes one; the permanent password replaces it before anyone could use it.
        await client.send(new AdminCreateUserCommand({ ...pool, Username: user.username, UserAttributes: attributes, MessageAction: "SUPPRESS" }));
        created = true;
      } catch (e) {
        if ((e as { name?: string }).name !== "UsernameExistsException") throw e;
        await client.send(new AdminUpdateUserAttributesCommand({ ...pool, Username: user.username, UserAttributes: attributes }));
      }
      try {
        await client.send(new AdminSetUserPasswordCommand({ ...pool, Username: user.username, Password: user.password, Permanent: true }));
      } catch (e) {
        if (created) await client.send(new AdminDeleteUserCommand({ ...pool, Username: user.username })).catch(() => undefined);
        throw e;
      }
    },
    async setRole(username, role) {
      const current = await client.send(new AdminListGroupsForUserCommand({ ...pool, Username: username }));
      for (const g of current.Groups ?? []) {
        if (g.GroupName && g.GroupName !== role && (ROLES as readonly string[]).includes(g.GroupName)) {
          await client.send(new AdminRemoveUserFromGroupCommand({ ...pool, Username: username, GroupName: g.GroupName }));
        }
      }
      if (!(current.Groups ?? []).some((g) => g.GroupName === role)) {
        await client.send(new AdminAddUserToGroupCommand({ ...pool, Username: username, GroupName: role }));
      }
    },
    async deleteUser(username) {
      try {
        await client.send(new AdminDeleteUserCommand({ ...pool, Username: username }));
      } catch (e) {
        if ((e as { name?: string }).name !== "UserNotFoundException") throw e;
      }
    },
    async signOut(username) {
      try {
        await client.send(new AdminUserGlobalSignOutCommand({ ...pool, Username: username }));
      } catch (e) {
        if ((e as { name?: string }).name !== "UserNotFoundException") throw e;
      }
    },
    async resetMfa(username) {
      try {
        await client.send(new AdminSetUserMFAPreferenceCommand({ ...pool, Username: username, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
      } catch (e) {
        if ((e as { name?: string }).name !== "UserNotFoundException") throw e;
      }
    },
    async secondFactor(username) {
      try {
        const user = await client.send(new AdminGetUserCommand({ ...pool, Username: username }));
        const methods = user.UserMFASettingList ?? [];
        return { enabled: methods.includes("SOFTWARE_TOKEN_MFA") || methods.includes("SMS_MFA"), external: user.UserStatus === "EXTERNAL_PROVIDER" };
      } catch (e) {
        if ((e as { name?: string }).name === "UserNotFoundException") return null;
        throw e;
      }
    },
  };
}
