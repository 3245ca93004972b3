/**
 * Idempotent provisioning of the identity service: the user pool, the portal's app client, the role groups and
 * the (demo) users with permanent passwords and group memberships. A second run changes nothing. Works against
 * cognito-local (started by scripts/identity/cognito-local.ts) and against Amazon Cognito.
 *
 * The pool: usernames are the portal's userIds (opaque, not e-mails); the e-mail is a sign-in alias
 * (AliasAttributes ["email"], verified), so users sign in with their e-mail or their username. With an e-mail
 * alias Cognito refuses usernames in e-mail format: a new account gets a generated username (a UUID).
 * The app client: no secret, USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH allowed, PreventUserExistenceErrors.
 * The pool is admin-create-only (AdminCreateUserConfig.AllowAdminCreateUserOnly, ADR 042): nobody signs up through
 * the public SignUp; the provider API makes an invited provider's account with its admin rights.
 *
 * CLI:  npx tsx scripts/identity/provision.ts
 * Environment:
 *   COGNITO_ENDPOINT        Cognito-compatible endpoint (default http://localhost:9229, cognito-local).
 *                           "aws" = Amazon Cognito. Unset while AWS credentials are in the environment
 *                           (AWS_ACCESS_KEY_ID or AWS_PROFILE) = Amazon Cognito too (the target is printed).
 *   COGNITO_REGION          region (default AWS_REGION, else us-east-1)
 *   COGNITO_USER_POOL_NAME  default exer-provider-portal
 *   COGNITO_CLIENT_NAME     default exer-portal
 *   COGNITO_ISSUER_DOMAIN   cognito-local only, when its TokenConfig.IssuerDomain is not the endpoint
 *   IDENTITY_FILE           where to write the result (default data/identity.json)
 *   PROVISION_RESET_PASSWORDS=1  set the passwords again on existing, confirmed users
 * The users are the demo accounts of reference-api/src/seed/demo-accounts.ts.
 */
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DeleteUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  GetUserPoolMfaConfigCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  SetUserPoolMfaConfigCommand,
  VerifySoftwareTokenCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateGroupCommand,
  UpdateUserPoolClientCommand,
  UpdateUserPoolCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
  type CreateUserPoolClientCommandInput,
  type CreateUserPoolCommandInput,
  type GroupType,
  type PasswordPolicyType,
  type UpdateUserPoolCommandInput,
  type UserPoolClientType,
  type UserPoolType,
} from "@aws-sdk/client-cognito-identity-provider";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_PASSWORD_RULE } from "../../app/auth/password.server.js";
import { PASSWORD_MIN_LENGTH, passwordProblem } from "../../app/domain/password.js";
import { demoAccounts } from "../../reference-api/src/seed/demo-accounts.js";
import { createIdentityClient, errorName } from "./client.js";
import { freshTotpCode } from "./totp.js";
import { DEFAULT_IDENTITY_FILE, awsEndpoint, isAwsEndpoint, issuerFor, writeIdentityConfig, type IdentityConfig } from "./identity-config.js";

export const DEFAULT_USER_POOL_NAME = "exer-provider-portal";
export const DEFAULT_CLIENT_NAME = "exer-portal";

/** The portal's role groups; precedence as the portal ranks them (lower = higher role). */
export const PORTAL_GROUPS: readonly GroupSpec[] = [
  { name: "EXER_ADMIN", description: "Product admin (internal admin area)", precedence: 0 },
  { name: "EXER_SUPPORT", description: "Support staff (internal admin area)", precedence: 1 },
  { name: "PORTAL_PROVIDER_ADMIN", description: "Provider admin (the whole organization)", precedence: 2 },
  { name: "PORTAL_PRACTITIONER", description: "Practitioner (own locations)", precedence: 3 },
];

/**
 * The pool's password policy: the portal's password rule (app/domain/password.ts; ASVS 4.0.3 2.1.1, 2.1.9) as the
 * identity service can say it — at least 12 characters and no composition rules. The common-password list is
 * checked by the portal (a pool cannot hold it) and by the development identity service (ADR 035).
 */
export const PASSWORD_POLICY: Required<Pick<PasswordPolicyType, "MinimumLength" | "RequireUppercase" | "RequireLowercase" | "RequireNumbers" | "RequireSymbols" | "TemporaryPasswordValidityDays">> = {
  MinimumLength: PASSWORD_MIN_LENGTH,
  RequireUppercase: false,
  RequireLowercase: false,
  RequireNumbers: false,
  RequireSymbols: false,
  TemporaryPasswordValidityDays: 7,
};

/**
 * Settings of a new pool. An existing pool is updated only when its password policy is weaker than PASSWORD_POLICY or
 * it lets anyone sign up (`policyUpdate`), with every other setting given back as it is (UpdateUserPool resets what it
 * is not given).
 */
export const USER_POOL_SETTINGS: Omit<CreateUserPoolCommandInput, "PoolName"> = {
  AliasAttributes: ["email"],
  UsernameConfiguration: { CaseSensitive: false },
  AutoVerifiedAttributes: ["email"],
  Policies: { PasswordPolicy: PASSWORD_POLICY },
  // Only the provider API (admin rights) makes accounts: an invitation's sign-up goes through it (ADR 042).
  AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
  AccountRecoverySetting: { RecoveryMechanisms: [{ Name: "verified_email", Priority: 1 }] },
  MfaConfiguration: "OFF",
};

/**
 * The app client. ExplicitAuthFlows takes only ALLOW_* values: Cognito refuses a mix with the legacy names
 * (USER_PASSWORD_AUTH), and REFRESH_TOKEN_AUTH is an InitiateAuth AuthFlow, not an ExplicitAuthFlows value.
 * Access and ID tokens last Cognito's default hour (cognito-local would otherwise issue 24 h tokens); the refresh
 * token 12 hours, the portal's longest absolute session lifetime (ADR 025: re-authentication at least every 12 hours,
 * ASVS 3.3.2), so no refresh outlives the session it belongs to.
 */
export const APP_CLIENT_SETTINGS = {
  GenerateSecret: false,
  ExplicitAuthFlows: ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
  PreventUserExistenceErrors: "ENABLED",
  EnableTokenRevocation: true,
  AccessTokenValidity: 60,
  IdTokenValidity: 60,
  RefreshTokenValidity: 12,
  TokenValidityUnits: { AccessToken: "minutes", IdToken: "minutes", RefreshToken: "hours" },
} satisfies Omit<CreateUserPoolClientCommandInput, "UserPoolId" | "ClientName">;

export interface GroupSpec {
  name: string;
  description: string;
  precedence: number;
}

export interface IdentityUser {
  /** The Cognito username (the portal's userId). Must not look like an e-mail (the e-mail is an alias). */
  username: string;
  email: string;
  password: string;
  groups: string[];
  givenName?: string;
  familyName?: string;
  /**
   * Enrol an authenticator app (TOTP) for the user: the portal always requires one of EXER_ADMIN and EXER_SUPPORT
   * (ADR 027). Its secret is written to the identity file (`totpSecrets`) so tests and developers can compute codes
   * (scripts/identity/totp.ts).
   */
  totp?: boolean;
}

/** The groups whose members the portal always asks for a second factor (ADR 027). */
export const MFA_ALWAYS_GROUPS: readonly string[] = ["EXER_ADMIN", "EXER_SUPPORT"];

export interface ProvisionOptions {
  /** Cognito-compatible endpoint; omit for Amazon Cognito. */
  endpoint?: string;
  region: string;
  userPoolName?: string;
  clientName?: string;
  users: IdentityUser[];
  /** The groups to create and manage (memberships in other groups are left alone). Default PORTAL_GROUPS. */
  groups?: readonly GroupSpec[];
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** cognito-local's TokenConfig.IssuerDomain when it differs from the endpoint. */
  issuerDomain?: string;
  /** Set the passwords again on existing, confirmed users (a changed demo password). Default false. */
  resetPasswords?: boolean;
  /** Where to write the IdentityConfig; null = don't write. Default data/identity.json. */
  outputFile?: string | null;
  log?: (message: string) => void;
}

export interface ProvisionResult extends IdentityConfig {
  /** What this run changed (empty when everything was already in place). */
  changes: string[];
  warnings: string[];
  /** The file written (or left as it was), or null. */
  file: string | null;
}

/** The demo accounts of the reference API's demo world, as identity users. */
export function demoIdentityUsers(): IdentityUser[] {
  return demoAccounts.map((a) => ({
    username: a.userId, email: a.email, password: a.password, groups: [...a.groups], givenName: a.firstName, familyName: a.lastName,
    ...(a.groups.some((g) => MFA_ALWAYS_GROUPS.includes(g)) ? { totp: true } : {}),
  }));
}

/**
 * The reasons a password breaks the portal's password rule (app/domain/password.ts, with the common-password list)
 * or the pool's policy (empty if it conforms). Cognito enforces the policy; cognito-local through its launcher.
 */
export function passwordProblems(password: string, policy: PasswordPolicyType = PASSWORD_POLICY): string[] {
  const problems: string[] = [];
  const rule = passwordProblem(password, SERVER_PASSWORD_RULE);
  if (rule) problems.push(rule);
  if (password.length < (policy.MinimumLength ?? 8)) problems.push(`shorter than ${policy.MinimumLength}`);
  if (policy.RequireUppercase && !/[A-Z]/.test(password)) problems.push("no upper-case letter");
  if (policy.RequireLowercase && !/[a-z]/.test(password)) problems.push("no lower-case letter");
  if (policy.RequireNumbers && !/[0-9]/.test(password)) problems.push("no digit");
  if (policy.RequireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/.test(password)) problems.push("no symbol");
  return problems;
}

/** The settings UpdateUserPool takes, as DescribeUserPool answered them (so an update keeps them). */
const POOL_KEPT_KEYS = [
  "DeletionProtection", "LambdaConfig", "AutoVerifiedAttributes", "SmsVerificationMessage", "EmailVerificationMessage", "EmailVerificationSubject",
  "VerificationMessageTemplate", "SmsAuthenticationMessage", "UserAttributeUpdateSettings", "MfaConfiguration", "DeviceConfiguration",
  "EmailConfiguration", "SmsConfiguration", "UserPoolTags", "AdminCreateUserConfig", "UserPoolAddOns", "AccountRecoverySetting", "UserPoolTier",
] as const satisfies readonly (keyof UserPoolType & keyof UpdateUserPoolCommandInput)[];

/**
 * The UpdateUserPool that brings a pool's password policy up to PASSWORD_POLICY and makes it admin-create-only, or
 * null when both already hold: a shorter minimum is raised (a longer one kept), composition rules are dropped (ASVS
 * 2.1.9), a public SignUp is turned off (ADR 042); the policy's other fields (password history, temporary passwords'
 * validity) and every other setting are kept.
 */
export function policyUpdate(pool: UserPoolType): { input: UpdateUserPoolCommandInput; drift: string[] } | null {
  const current = pool.Policies?.PasswordPolicy ?? {};
  const wanted = { ...PASSWORD_POLICY, MinimumLength: Math.max(current.MinimumLength ?? 0, PASSWORD_POLICY.MinimumLength), TemporaryPasswordValidityDays: current.TemporaryPasswordValidityDays ?? PASSWORD_POLICY.TemporaryPasswordValidityDays };
  const drift = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((k) => current[k] !== wanted[k]).map((k) => `${k} ${current[k]}`);
  if (pool.AdminCreateUserConfig?.AllowAdminCreateUserOnly !== true) drift.push(`AllowAdminCreateUserOnly ${pool.AdminCreateUserConfig?.AllowAdminCreateUserOnly ?? false}`);
  if (!drift.length) return null;
  const kept = Object.fromEntries(POOL_KEPT_KEYS.filter((k) => pool[k] !== undefined).map((k) => [k, pool[k]])) as Partial<UpdateUserPoolCommandInput>;
  // Cognito refuses the deprecated UnusedAccountValidityDays next to the policy's TemporaryPasswordValidityDays.
  if (kept.AdminCreateUserConfig) {
    const { UnusedAccountValidityDays: _deprecated, ...adminCreateUser } = kept.AdminCreateUserConfig as NonNullable<UserPoolType["AdminCreateUserConfig"]>;
    kept.AdminCreateUserConfig = adminCreateUser;
  }
  kept.AdminCreateUserConfig = { ...kept.AdminCreateUserConfig, AllowAdminCreateUserOnly: true };
  return { input: { ...kept, UserPoolId: pool.Id!, Policies: { ...pool.Policies, PasswordPolicy: { ...current, ...wanted } } }, drift };
}

async function collect<T>(fetchPage: (token: string | undefined) => Promise<{ items: T[] | undefined; next: string | undefined }>): Promise<T[]> {
  const all: T[] = [];
  let token: string | undefined;
  do {
    const page = await fetchPage(token);
    all.push(...(page.items ?? []));
    token = page.next;
  } while (token);
  return all;
}

const sameSet = (a: readonly string[] | undefined, b: readonly string[] | undefined) => {
  const x = new Set(a ?? []);
  const y = new Set(b ?? []);
  return x.size === y.size && [...x].every((v) => y.has(v));
};

/** Client settings UpdateUserPoolClient would reset if not given again. */
const CLIENT_KEPT_KEYS = [
  "ReadAttributes", "WriteAttributes", "SupportedIdentityProviders", "CallbackURLs", "LogoutURLs", "DefaultRedirectURI",
  "AllowedOAuthFlows", "AllowedOAuthScopes", "AllowedOAuthFlowsUserPoolClient", "AnalyticsConfiguration", "AuthSessionValidity",
  "EnablePropagateAdditionalUserContextData",
] as const;

function clientDrift(client: UserPoolClientType): string[] {
  const want = APP_CLIENT_SETTINGS;
  const drift: string[] = [];
  if (!sameSet(client.ExplicitAuthFlows, want.ExplicitAuthFlows)) drift.push(`ExplicitAuthFlows ${JSON.stringify(client.ExplicitAuthFlows ?? [])}`);
  if (client.PreventUserExistenceErrors !== want.PreventUserExistenceErrors) drift.push(`PreventUserExistenceErrors ${client.PreventUserExistenceErrors}`);
  for (const key of ["AccessTokenValidity", "IdTokenValidity", "RefreshTokenValidity"] as const) {
    if (client[key] !== want[key]) drift.push(`${key} ${client[key]}`);
  }
  for (const key of ["AccessToken", "IdToken", "RefreshToken"] as const) {
    if (client.TokenValidityUnits?.[key] !== want.TokenValidityUnits[key]) drift.push(`TokenValidityUnits.${key} ${client.TokenValidityUnits?.[key]}`);
  }
  return drift;
}

export async function provisionIdentity(options: ProvisionOptions): Promise<ProvisionResult> {
  const log = options.log ?? (() => {});
  const region = options.region;
  const poolName = options.userPoolName ?? DEFAULT_USER_POOL_NAME;
  const clientName = options.clientName ?? DEFAULT_CLIENT_NAME;
  const groups = options.groups ?? PORTAL_GROUPS;
  const managedGroups = new Set(groups.map((g) => g.name));
  const changes: string[] = [];
  const warnings: string[] = [];
  const change = (message: string) => { changes.push(message); log(message); };
  const warn = (message: string) => { warnings.push(message); log(`warning: ${message}`); };

  // Check the input before touching anything.
  const seen = new Set<string>();
  for (const user of options.users) {
    if (!user.username || /@/.test(user.username)) throw new Error(`user ${user.username || "(empty)"}: the username must not be an e-mail (the e-mail is a sign-in alias)`);
    if (seen.has(user.username.toLowerCase())) throw new Error(`user ${user.username}: listed twice`);
    seen.add(user.username.toLowerCase());
    for (const g of user.groups) if (!managedGroups.has(g)) throw new Error(`user ${user.username}: unknown group ${g}`);
    const problems = passwordProblems(user.password);
    if (problems.length) throw new Error(`user ${user.username}: the password breaks the pool's policy (${problems.join(", ")})`);
  }

  const cognito: CognitoIdentityProviderClient = createIdentityClient({ endpoint: options.endpoint, region, credentials: options.credentials });
  try {
    // 1. The user pool, by name.
    const pools = (await collect((NextToken) => cognito.send(new ListUserPoolsCommand({ MaxResults: 60, NextToken })).then((r) => ({ items: r.UserPools, next: r.NextToken }))))
      .filter((p) => p.Name === poolName)
      .sort((a, b) => (a.CreationDate?.getTime() ?? 0) - (b.CreationDate?.getTime() ?? 0));
    let userPoolId: string;
    let createdPool = false;
    if (pools.length === 0) {
      const created = await cognito.send(new CreateUserPoolCommand({ PoolName: poolName, ...USER_POOL_SETTINGS }));
      userPoolId = created.UserPool!.Id!;
      createdPool = true;
      change(`created user pool ${poolName} (${userPoolId})`);
    } else {
      userPoolId = pools[0]!.Id!;
      if (pools.length > 1) warn(`${pools.length} user pools are named ${poolName}; using the oldest, ${userPoolId}`);
    }
    const pool = (await cognito.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }))).UserPool!;
    if (pool.UsernameAttributes?.includes("email")) {
      if (createdPool) await cognito.send(new DeleteUserPoolCommand({ UserPoolId: userPoolId })); // don't leave it behind
      throw new Error(
        `user pool ${userPoolId} uses the e-mail as username (UsernameAttributes), so usernames cannot be the portal's userIds. ` +
          "A cognito-local not started by scripts/identity/cognito-local.ts creates pools like that (its default UserPoolDefaults): start it with that script, or delete the pool and set UserPoolDefaults.UsernameAttributes to [] in its .cognito/config.json.",
      );
    }
    const update = policyUpdate(pool);
    if (update) {
      await cognito.send(new UpdateUserPoolCommand(update.input));
      change(`updated user pool ${poolName}: ${update.drift.join("; ")}`);
    }
    if (!pool.AliasAttributes?.includes("email")) warn(`user pool ${userPoolId} has no e-mail alias: users can only sign in with their username`);

    // 1b. Multi-factor authentication with an authenticator app, optional per user (ADR 027): the portal asks for
    // it where the organization or the role requires it. A pool that requires it of everyone (ON) is kept.
    const mfa = await cognito.send(new GetUserPoolMfaConfigCommand({ UserPoolId: userPoolId }));
    if (mfa.MfaConfiguration !== "ON" && (mfa.MfaConfiguration !== "OPTIONAL" || mfa.SoftwareTokenMfaConfiguration?.Enabled !== true)) {
      await cognito.send(new SetUserPoolMfaConfigCommand({ UserPoolId: userPoolId, MfaConfiguration: "OPTIONAL", SoftwareTokenMfaConfiguration: { Enabled: true } }));
      change(`enabled optional authenticator-app MFA on user pool ${userPoolId}`);
    }

    // 2. The app client, by name.
    const clients = (await collect((NextToken) => cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60, NextToken })).then((r) => ({ items: r.UserPoolClients, next: r.NextToken }))))
      .filter((c) => c.ClientName === clientName);
    let clientId: string;
    if (clients.length === 0) {
      const created = await cognito.send(new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: clientName, ...APP_CLIENT_SETTINGS }));
      clientId = created.UserPoolClient!.ClientId!;
      change(`created app client ${clientName} (${clientId})`);
    } else {
      clientId = clients[0]!.ClientId!;
      if (clients.length > 1) warn(`${clients.length} app clients are named ${clientName}; using ${clientId}`);
      const client = (await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }))).UserPoolClient!;
      if (client.ClientSecret) throw new Error(`app client ${clientName} (${clientId}) has a client secret; the portal signs in without one. Delete the client and provision again.`);
      const drift = clientDrift(client);
      if (drift.length) {
        const kept = Object.fromEntries(CLIENT_KEPT_KEYS.filter((k) => client[k] !== undefined).map((k) => [k, client[k]]));
        const { GenerateSecret: _ignored, ...settings } = APP_CLIENT_SETTINGS;
        await cognito.send(new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId, ClientName: clientName, ...kept, ...settings }));
        change(`updated app client ${clientName}: ${drift.join("; ")}`);
      }
    }

    // 3. The groups.
    const existingGroups = new Map(
      (await collect((NextToken) => cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId, Limit: 60, NextToken })).then((r) => ({ items: r.Groups, next: r.NextToken }))))
        .map((g: GroupType) => [g.GroupName!, g]),
    );
    for (const g of groups) {
      const current = existingGroups.get(g.name);
      if (!current) {
        await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: g.name, Description: g.description, Precedence: g.precedence }));
        change(`created group ${g.name}`);
      } else if (current.Description !== g.description || current.Precedence !== g.precedence) {
        await cognito.send(new UpdateGroupCommand({ UserPoolId: userPoolId, GroupName: g.name, Description: g.description, Precedence: g.precedence }));
        change(`updated group ${g.name}`);
      }
    }

    // 4. The users (one at a time: cognito-local rewrites the pool's file on every change).
    for (const user of options.users) {
      const desired: AttributeType[] = [
        { Name: "email", Value: user.email },
        { Name: "email_verified", Value: "true" },
        ...(user.givenName ? [{ Name: "given_name", Value: user.givenName }] : []),
        ...(user.familyName ? [{ Name: "family_name", Value: user.familyName }] : []),
      ];
      const existing = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.username })).catch((err) => {
        if (errorName(err) === "UserNotFoundException") return null;
        throw err;
      });
      let currentGroups: string[] = [];
      if (!existing) {
        try {
          await cognito.send(new AdminCreateUserCommand({ UserPoolId: userPoolId, Username: user.username, UserAttributes: desired, MessageAction: "SUPPRESS", TemporaryPassword: user.password }));
        } catch (err) {
          if (errorName(err) === "AliasExistsException") throw new Error(`user ${user.username}: another user already has the e-mail ${user.email}`, { cause: err });
          throw err;
        }
        await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: user.username, Password: user.password, Permanent: true }));
        change(`created user ${user.username} <${user.email}>`);
      } else {
        const current = new Map((existing.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
        const stale = desired.filter((a) => current.get(a.Name) !== a.Value);
        if (stale.length) {
          // Changing the e-mail needs email_verified in the same call, or Cognito marks it unverified.
          const update = stale.some((a) => a.Name === "email") && !stale.some((a) => a.Name === "email_verified") ? [...stale, { Name: "email_verified", Value: "true" }] : stale;
          await cognito.send(new AdminUpdateUserAttributesCommand({ UserPoolId: userPoolId, Username: user.username, UserAttributes: update }));
          change(`updated user ${user.username}: ${stale.map((a) => a.Name).join(", ")}`);
        }
        if (existing.Enabled === false) {
          await cognito.send(new AdminEnableUserCommand({ UserPoolId: userPoolId, Username: user.username }));
          change(`enabled user ${user.username}`);
        }
        if (existing.UserStatus === "UNCONFIRMED") {
          await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: user.username }));
          change(`confirmed user ${user.username}`);
        }
        if (options.resetPasswords || existing.UserStatus !== "CONFIRMED") {
          await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: user.username, Password: user.password, Permanent: true }));
          change(`set the password of user ${user.username} (was ${existing.UserStatus})`);
        }
        currentGroups = (await collect((NextToken) => cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: user.username, Limit: 60, NextToken })).then((r) => ({ items: r.Groups, next: r.NextToken }))))
          .map((g) => g.GroupName!);
      }
      for (const g of user.groups) {
        if (currentGroups.includes(g)) continue;
        await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.username, GroupName: g }));
        change(`added user ${user.username} to ${g}`);
      }
      for (const g of currentGroups) {
        if (!managedGroups.has(g) || user.groups.includes(g)) continue;
        await cognito.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId, Username: user.username, GroupName: g }));
        change(`removed user ${user.username} from ${g}`);
      }
    }

    // 5. Authenticator apps of the users that need one. A secret is known only at enrolment: a user enrolled
    // whose secret the previous file does not hold is enrolled again (a new secret).
    const file = options.outputFile === null ? null : resolve(options.outputFile ?? DEFAULT_IDENTITY_FILE);
    const previous = file ? readPreviousSecrets(file) : {};
    const totpSecrets: Record<string, string> = {};
    for (const user of options.users.filter((u) => u.totp)) {
      const state = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.username }));
      const enrolled = (state.UserMFASettingList ?? []).includes("SOFTWARE_TOKEN_MFA");
      const known = previous[user.username];
      if (enrolled && (known || !file)) {
        // Without a file to write, an enrolled user is left as they are (their secret stays where it was written).
        if (known) totpSecrets[user.username] = known;
        continue;
      }
      if (enrolled) await cognito.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: userPoolId, Username: user.username, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
      totpSecrets[user.username] = await enrolTotp(cognito, clientId, user);
      change(`enrolled an authenticator app for user ${user.username}`);
    }

    const endpoint = (options.endpoint ?? awsEndpoint(region)).replace(/\/+$/, "");
    const { issuer, jwksUrl } = isAwsEndpoint(endpoint) ? issuerFor(awsEndpoint(region), userPoolId) : issuerFor(endpoint, userPoolId, options.issuerDomain);
    const config: IdentityConfig = {
      userPoolId, clientId, region, endpoint, issuer, jwksUrl, userPoolName: poolName, clientName,
      ...(Object.keys(totpSecrets).length ? { totpSecrets } : {}),
    };
    if (file && writeIdentityConfig(config, file)) log(`wrote ${file}`);
    return { ...config, changes, warnings, file };
  } finally {
    cognito.destroy();
  }
}

function readPreviousSecrets(file: string): Record<string, string> {
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as { totpSecrets?: Record<string, string> };
    return data.totpSecrets ?? {};
  } catch {
    return {};
  }
}

/**
 * Enrols an authenticator app as the user would (the identity service's own API): sign in with the password,
 * AssociateSoftwareToken, VerifySoftwareToken with a code of the secret, SetUserMFAPreference. Returns the secret.
 */
async function enrolTotp(cognito: CognitoIdentityProviderClient, clientId: string, user: IdentityUser): Promise<string> {
  const auth = await cognito.send(new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }));
  const accessToken = auth.AuthenticationResult?.AccessToken;
  if (!accessToken) throw new Error(`user ${user.username}: sign-in for the authenticator enrolment answered ${auth.ChallengeName ?? "no tokens"}`);
  const { SecretCode: secret } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!secret) throw new Error(`user ${user.username}: AssociateSoftwareToken answered no secret`);
  // Claimed like every code a sign-in helper offers (freshTotpCode): the service takes a code once (ADR 035), so the
  // first sign-in after provisioning must not offer this one again.
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: await freshTotpCode(secret), FriendlyDeviceName: "provisioning" }));
  await cognito.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  return secret;
}

// CLI
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const env = process.env;
  const region = env.COGNITO_REGION ?? env.AWS_REGION ?? "us-east-1";
  const useAws = env.COGNITO_ENDPOINT === "aws" || (!env.COGNITO_ENDPOINT && Boolean(env.AWS_ACCESS_KEY_ID || env.AWS_PROFILE));
  const endpoint = useAws ? undefined : (env.COGNITO_ENDPOINT ?? "http://localhost:9229");
  console.log(`provisioning ${useAws ? `Amazon Cognito in ${region}` : endpoint}`);
  const started = Date.now();
  try {
    const { apiEnv } = await import("./identity-config.js");
    const result = await provisionIdentity({
      endpoint,
      region,
      userPoolName: env.COGNITO_USER_POOL_NAME,
      clientName: env.COGNITO_CLIENT_NAME,
      issuerDomain: env.COGNITO_ISSUER_DOMAIN,
      users: demoIdentityUsers(),
      resetPasswords: env.PROVISION_RESET_PASSWORDS === "1",
      outputFile: env.IDENTITY_FILE,
      log: (m) => console.log(`  ${m}`),
    });
    console.log(`done in ${Date.now() - started} ms: ${result.changes.length} changes, pool ${result.userPoolId}, client ${result.clientId} → ${result.file}`);
    console.log("reference API environment:");
    for (const [k, v] of Object.entries(apiEnv(result))) console.log(`  ${k}=${v}`);
  } catch (err) {
    const name = errorName(err);
    console.error(`provisioning failed: ${name && name !== "Error" ? `${name}: ` : ""}${(err as Error).message}`);
    if (name === "TimeoutError" || /ECONNREFUSED|fetch failed/.test(String((err as Error).message))) {
      console.error("is cognito-local running? start it with: npx tsx scripts/identity/cognito-local.ts");
    }
    process.exit(1);
  }
}
