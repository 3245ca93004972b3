/**
 * Runs cognito-local (the devDependency in node_modules/cognito-local) in this process, after patching the few
 * places where it differs from Amazon Cognito in ways the portal depends on. Started as a child process by
 * scripts/identity/cognito-local.ts, with its working directory = the data directory (cognito-local keeps its
 * data in ./.cognito). Environment: PORT, HOST, CODE as cognito-local reads them; COGNITO_LOCAL_EMULATE=0 runs
 * cognito-local unpatched; COGNITO_LOCAL_LOG_LEVEL sets its log level (default error).
 *
 * Patches (each mirrors documented Cognito behaviour; cognito-local 5.3 lacks it):
 * 1. Alias sign-in. A pool with AliasAttributes ["email"] lets a user sign in (and reset a password) with a
 *    verified e-mail instead of the username. cognito-local only honours UsernameAttributes.
 * 2. With email (or phone_number) as an alias, a username in e-mail (phone) format is refused
 *    (InvalidParameterException), and AdminCreateUser refuses a verified e-mail another user already has
 *    (AliasExistsException).
 * 3. Failed password checks answer NotAuthorizedException "Incorrect username or password." (cognito-local:
 *    InvalidPasswordException). An unknown user answers the same when the app client has
 *    PreventUserExistenceErrors=ENABLED, else UserNotFoundException. A disabled user answers
 *    NotAuthorizedException "User is disabled." (cognito-local lets disabled users sign in).
 * 4. ConfirmSignUp verifies the auto-verified attribute the code went to (email_verified = true), so a new
 *    user can sign in with the e-mail alias (cognito-local leaves email_verified unset).
 * 5. The pool's password policy: SignUp, ConfirmForgotPassword, ChangePassword, AdminSetUserPassword, AdminCreateUser's
 *    TemporaryPassword and a NEW_PASSWORD_REQUIRED answer refuse a password that breaks it with InvalidPasswordException
 *    "Password did not conform with policy: …" (cognito-local accepts any password): the minimum length, and the
 *    composition rules only where the pool has them (the portal's pool has none: ASVS 2.1.9). Like Cognito's API, a
 *    password of more than 256 characters or beginning or ending with white space is an InvalidParameterException.
 *    And the portal's common-password list (common-password-list.cjs; ADR 035): "… Password is too common" — a
 *    pool's policy cannot hold a list, so this is where the development service is stricter than a bare pool (a
 *    deployment on Amazon Cognito gets the same from the portal's check and the pool's compromised-credentials
 *    protection).
 * Sign-out (ADR 025): GlobalSignOut and AdminUserGlobalSignOut, revoked access tokens refused, expired refresh tokens
 * refused — in cognito-local-sign-out.cjs. AWS credentials for administrative operations, SignUp on an admin-only pool,
 * lockout after failed passwords and codes, codes used once (ADR 035) — in cognito-local-security.cjs (8–11).
 * 6. Multi-factor authentication with an authenticator app (TOTP; ADR 027). cognito-local 5.3 has
 *    AssociateSoftwareToken, VerifySoftwareToken and SetUserMFAPreference with an access token, and answers a
 *    SOFTWARE_TOKEN_MFA challenge with a real RFC 6238 check (otplib), but:
 *    - a challenge's Session is any string: here it is issued, bound to the user, the app client and the challenge,
 *      valid for the app client's AuthSessionValidity (Cognito's default 3 minutes) and used once (a wrong code may
 *      be retried within it); anything else is NotAuthorizedException "Invalid session for the user…";
 *    - a pool with MfaConfiguration ON answers a user without MFA with NotAuthorizedException: Cognito answers the
 *      MFA_SETUP challenge; AssociateSoftwareToken and VerifySoftwareToken with that Session (each answering a new
 *      Session) and RespondToAuthChallenge MFA_SETUP then finish the sign-in;
 *    - a wrong code at VerifySoftwareToken is EnableSoftwareTokenMFAException (Cognito's), not CodeMismatchException;
 *    - tokens issued by RespondToAuthChallenge had a refresh token the pool did not know (REFRESH_TOKEN_AUTH refused it);
 *    - AdminSetUserMFAPreference (an administrator turns a user's MFA off or on) is missing.
 */
"use strict";
const path = require("node:path");
const { claimsOf, wrapTarget } = require("./cognito-local-targets.cjs");
const { isCommonPassword } = require("./common-password-list.cjs");

const root = process.env.COGNITO_LOCAL_DIR || path.dirname(require.resolve("cognito-local/package.json"));
const lib = (p) => require(path.join(root, "lib", p));

if (process.env.COGNITO_LOCAL_EMULATE !== "0") {
  const { UserPoolServiceImpl, attributeValue, attributesAppend } = lib("services/userPoolService");
  const { CognitoError, NotAuthorizedError, InvalidParameterError, UserNotFoundError } = lib("errors");
  const { Targets } = lib("targets/targets");

  const EMAIL = /^[^\s@]+@[^\s@]+$/;
  const PHONE = /^\+[0-9]{4,20}$/;

  // 1. Alias sign-in: after cognito-local's own lookup (username, sub, UsernameAttributes) fails.
  const originalGetUserByUsername = UserPoolServiceImpl.prototype.getUserByUsername;
  UserPoolServiceImpl.prototype.getUserByUsername = async function (ctx, username) {
    const found = await originalGetUserByUsername.call(this, ctx, username);
    const aliases = this.options.AliasAttributes ?? [];
    if (found || typeof username !== "string" || aliases.length === 0) return found;
    const caseInsensitive = this.options.UsernameConfiguration?.CaseSensitive === false;
    const same = (a) => typeof a === "string" && (caseInsensitive ? a.toLowerCase() === username.toLowerCase() : a === username);
    const users = await this.dataStore.get(ctx, "Users", {});
    for (const user of Object.values(users)) {
      for (const alias of aliases) {
        if (!same(attributeValue(alias, user.Attributes))) continue;
        // E-mail and phone aliases count only once verified; preferred_username needs no verification.
        if (alias === "preferred_username" || attributeValue(`${alias}_verified`, user.Attributes) === "true") return user;
      }
    }
    return null;
  };

  const wrap = (name, around) => wrapTarget(Targets, name, around);

  // 2. Usernames in alias format, and duplicate verified e-mails.
  const checkUsernameFormat = (pool, username) => {
    const aliases = pool.options.AliasAttributes ?? [];
    if (aliases.includes("email") && EMAIL.test(username ?? "")) {
      throw new InvalidParameterError("Username cannot be of email format, since user pool is configured for email alias.");
    }
    if (aliases.includes("phone_number") && PHONE.test(username ?? "")) {
      throw new InvalidParameterError("Username cannot be of phone number format, since user pool is configured for phone number alias.");
    }
  };
  wrap("AdminCreateUser", async ({ cognito }, ctx, req, next) => {
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    checkUsernameFormat(pool, req.Username);
    const attrs = req.UserAttributes ?? [];
    const email = attributeValue("email", attrs);
    if ((pool.options.AliasAttributes ?? []).includes("email") && email && attributeValue("email_verified", attrs) === "true") {
      const owner = await pool.getUserByUsername(ctx, email);
      if (owner && owner.Username !== req.Username) throw new CognitoError("AliasExistsException", "An account with the given email already exists.");
    }
    return next();
  });
  wrap("SignUp", async ({ cognito }, ctx, req, next) => {
    checkUsernameFormat(await cognito.getUserPoolForClientId(ctx, req.ClientId), req.Username);
    return next();
  });

  // 4. Confirming a sign-up with the code sent to the e-mail (phone) verifies it.
  wrap("ConfirmSignUp", async ({ cognito }, ctx, req, next) => {
    const result = await next();
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    const verified = (pool.options.AutoVerifiedAttributes ?? [])
      .filter((name) => (name === "email" || name === "phone_number") && attributeValue(name, user?.Attributes))
      .map((name) => ({ Name: `${name}_verified`, Value: "true" }));
    if (user && verified.length) await pool.saveUser(ctx, { ...user, Attributes: attributesAppend(user.Attributes, ...verified) });
    return result;
  });

  // 3. Password failures, unknown and disabled users.
  const incorrect = () => new NotAuthorizedError("Incorrect username or password.");
  const mapPasswordError = (err) => {
    if (err && err.code === "InvalidPasswordException") throw incorrect();
    throw err;
  };
  const checkUser = async (services, ctx, pool, clientId, username) => {
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) {
      if (services.triggers.enabled("UserMigration")) return;
      const client = await services.cognito.getAppClient(ctx, clientId);
      throw client?.PreventUserExistenceErrors === "ENABLED" ? incorrect() : new UserNotFoundError("User does not exist.");
    }
    if (user.Enabled === false) throw new NotAuthorizedError("User is disabled.");
  };
  wrap("InitiateAuth", async (services, ctx, req, next) => {
    if (req.AuthFlow === "USER_PASSWORD_AUTH" && req.AuthParameters?.USERNAME) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      await checkUser(services, ctx, pool, req.ClientId, req.AuthParameters.USERNAME);
    }
    return next().catch(mapPasswordError);
  });
  wrap("AdminInitiateAuth", async (services, ctx, req, next) => {
    if ((req.AuthFlow === "ADMIN_USER_PASSWORD_AUTH" || req.AuthFlow === "ADMIN_NO_SRP_AUTH") && req.AuthParameters?.USERNAME) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      await checkUser(services, ctx, pool, req.ClientId, req.AuthParameters.USERNAME);
    }
    return next().catch(mapPasswordError);
  });
  wrap("ChangePassword", (_services, _ctx, _req, next) => next().catch(mapPasswordError));

  // 5. The pool's password policy on every new password (installed after 3, so its refusal is not remapped).
  const policyProblem = (policy, password) => {
    if (!policy || typeof password !== "string") return null;
    if (password.length < (policy.MinimumLength ?? 8)) return "Password not long enough";
    if (policy.RequireUppercase && !/[A-Z]/.test(password)) return "Password must have uppercase characters";
    if (policy.RequireLowercase && !/[a-z]/.test(password)) return "Password must have lowercase characters";
    if (policy.RequireNumbers && !/[0-9]/.test(password)) return "Password must have numeric characters";
    if (policy.RequireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/.test(password)) return "Password must have symbol characters";
    return null;
  };
  const checkPolicy = (pool, password) => {
    if (typeof password === "string" && (password.length > 256 || !/^\S(.*\S)?$/s.test(password))) {
      throw new InvalidParameterError("1 validation error detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$");
    }
    const problem = policyProblem(pool.options.Policies?.PasswordPolicy, password);
    if (problem) throw new CognitoError("InvalidPasswordException", `Password did not conform with policy: ${problem}`);
    // The portal's rule goes further than a pool's policy can say: no commonly used (breached) password (ADR 035).
    if (isCommonPassword(password)) throw new CognitoError("InvalidPasswordException", "Password did not conform with policy: Password is too common");
  };
  const clientIdOf = (accessToken) => claimsOf(accessToken)?.client_id;
  wrap("SignUp", async ({ cognito }, ctx, req, next) => {
    checkPolicy(await cognito.getUserPoolForClientId(ctx, req.ClientId), req.Password);
    return next();
  });
  wrap("ConfirmForgotPassword", async ({ cognito }, ctx, req, next) => {
    checkPolicy(await cognito.getUserPoolForClientId(ctx, req.ClientId), req.Password);
    return next();
  });
  wrap("AdminSetUserPassword", async ({ cognito }, ctx, req, next) => {
    checkPolicy(await cognito.getUserPool(ctx, req.UserPoolId), req.Password);
    return next();
  });
  wrap("AdminCreateUser", async ({ cognito }, ctx, req, next) => {
    if (req.TemporaryPassword !== undefined) checkPolicy(await cognito.getUserPool(ctx, req.UserPoolId), req.TemporaryPassword);
    return next();
  });
  wrap("RespondToAuthChallenge", async ({ cognito }, ctx, req, next) => {
    if (req.ChallengeName === "NEW_PASSWORD_REQUIRED") checkPolicy(await cognito.getUserPoolForClientId(ctx, req.ClientId), req.ChallengeResponses?.NEW_PASSWORD);
    return next();
  });
  wrap("ChangePassword", async ({ cognito }, ctx, req, next) => {
    const clientId = clientIdOf(req.AccessToken);
    // An unreadable token: cognito-local's own checks refuse it.
    if (clientId) checkPolicy(await cognito.getUserPoolForClientId(ctx, clientId), req.ProposedPassword);
    return next();
  });

  // Global sign-out (GlobalSignOut, AdminUserGlobalSignOut) and expired refresh tokens: cognito-local-sign-out.cjs.
  require("./cognito-local-sign-out.cjs")(lib);

  // 9–11. SignUp on admin-only pools, lockout after failed passwords and codes, codes used once
  // (cognito-local-security.cjs); inside patch 6's session checks.
  require("./cognito-local-security.cjs").installSignInChecks(lib);
}

if (process.env.COGNITO_LOCAL_EMULATE !== "0") {
  // 6. Multi-factor authentication (see the header).
  const { randomUUID } = require("node:crypto");
  const { Targets } = lib("targets/targets");
  const { CognitoError, NotAuthorizedError, InvalidParameterError, UserNotFoundError } = lib("errors");
  const totp = lib("services/totp");

  /** Challenge sessions: id → { clientId, username, challenge, expiresAt }. In memory: a restart ends sign-ins in progress. */
  const sessions = new Map();
  const invalidSession = (expired) => new NotAuthorizedError(expired ? "Invalid session for the user, session is expired." : "Invalid session for the user.");
  const sessionMinutes = (client) => Math.min(15, Math.max(3, Number(client?.AuthSessionValidity) || 3));
  const issueSession = (client, username, challenge) => {
    const id = `${randomUUID()}${randomUUID()}`.replaceAll("-", "");
    const now = Date.now();
    for (const [key, s] of sessions) if (s.expiresAt < now) sessions.delete(key);
    sessions.set(id, { clientId: client.ClientId, username, challenge, expiresAt: now + sessionMinutes(client) * 60_000 });
    return id;
  };
  const takeSession = (id, clientId, challenge) => {
    const s = typeof id === "string" ? sessions.get(id) : undefined;
    if (!s || (clientId && s.clientId !== clientId) || (challenge && s.challenge !== challenge)) throw invalidSession(false);
    if (s.expiresAt < Date.now()) {
      sessions.delete(id);
      throw invalidSession(true);
    }
    return s;
  };
  const mfaMethods = (user) => (user.UserMFASettingList ?? []).filter((m) => m === "SOFTWARE_TOKEN_MFA" || m === "SMS_MFA");

  const wrap = (name, around) => wrapTarget(Targets, name, around);

  const generateTokens = async (services, ctx, pool, client, user, clientMetadata) => {
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, clientMetadata, "Authentication");
    await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    return tokens;
  };

  // InitiateAuth: MFA_SETUP for a pool that requires MFA; every challenge's Session is issued here.
  wrap("InitiateAuth", async (services, ctx, req, next) => {
    if (req.AuthFlow === "USER_PASSWORD_AUTH" && req.AuthParameters?.USERNAME) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.AuthParameters.USERNAME);
      if (pool.options.MfaConfiguration === "ON" && user && user.Enabled !== false && user.UserStatus === "CONFIRMED" && user.Password === req.AuthParameters.PASSWORD && mfaMethods(user).length === 0) {
        const client = await services.cognito.getAppClient(ctx, req.ClientId);
        const can = pool.options.SoftwareTokenMfaConfiguration?.Enabled === false ? [] : ["SOFTWARE_TOKEN_MFA"];
        if (can.length === 0) throw new CognitoError("MFAMethodNotFoundException", "No MFA mechanism registerd in the account.");
        return {
          ChallengeName: "MFA_SETUP",
          ChallengeParameters: { MFAS_CAN_SETUP: JSON.stringify(can), USER_ID_FOR_SRP: user.Username },
          Session: issueSession(client, user.Username, "MFA_SETUP"),
        };
      }
    }
    const result = await next();
    if (result?.ChallengeName && result.Session) {
      const client = await services.cognito.getAppClient(ctx, req.ClientId);
      result.Session = issueSession(client, result.ChallengeParameters?.USER_ID_FOR_SRP ?? req.AuthParameters?.USERNAME, result.ChallengeName);
    }
    return result;
  });

  wrap("RespondToAuthChallenge", async (services, ctx, req, next) => {
    const s = takeSession(req.Session, req.ClientId, req.ChallengeName);
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const client = await services.cognito.getAppClient(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.ChallengeResponses?.USERNAME ?? "");
    if (!user || !client || user.Username !== s.username) throw invalidSession(false);
    if (user.Enabled === false) throw new NotAuthorizedError("User is disabled.");
    let result;
    if (req.ChallengeName === "MFA_SETUP") {
      if (!s.verified || !mfaMethods(user).includes("SOFTWARE_TOKEN_MFA")) throw new InvalidParameterError("The software token has not been verified.");
      result = { ChallengeParameters: {}, AuthenticationResult: await generateTokens(services, ctx, pool, client, user, req.ClientMetadata) };
    } else {
      result = await next();
    }
    if (result?.AuthenticationResult) {
      sessions.delete(req.Session);
      // cognito-local issues a refresh token here without storing it (REFRESH_TOKEN_AUTH would refuse it).
      if (result.AuthenticationResult.RefreshToken) await pool.storeRefreshToken(ctx, result.AuthenticationResult.RefreshToken, user);
    } else if (result?.ChallengeName && result.Session) {
      sessions.delete(req.Session);
      result.Session = issueSession(client, user.Username, result.ChallengeName);
    }
    return result;
  });

  const verifyFailed = () => new CognitoError("EnableSoftwareTokenMFAException", "Code mismatch and fail enable Software Token MFA");

  // AssociateSoftwareToken / VerifySoftwareToken with the MFA_SETUP Session (with an access token: cognito-local's own).
  wrap("AssociateSoftwareToken", async (services, ctx, req, next) => {
    if (req.AccessToken || !req.Session) return next();
    const s = takeSession(req.Session, undefined, "MFA_SETUP");
    const pool = await services.cognito.getUserPoolForClientId(ctx, s.clientId);
    const client = await services.cognito.getAppClient(ctx, s.clientId);
    const user = await pool.getUserByUsername(ctx, s.username);
    if (!user) throw invalidSession(false);
    const secret = totp.generateSecret();
    await pool.saveUser(ctx, { ...user, SoftwareTokenMfaConfiguration: { Secret: secret, Verified: false } });
    sessions.delete(req.Session);
    const session = issueSession(client, user.Username, "MFA_SETUP");
    return { SecretCode: secret, Session: session };
  });
  wrap("VerifySoftwareToken", async (services, ctx, req, next) => {
    if (req.AccessToken || !req.Session) return next().catch((err) => { throw err?.code === "CodeMismatchException" ? verifyFailed() : err; });
    if (!req.UserCode) throw new InvalidParameterError("Missing required parameter UserCode");
    const s = takeSession(req.Session, undefined, "MFA_SETUP");
    const pool = await services.cognito.getUserPoolForClientId(ctx, s.clientId);
    const client = await services.cognito.getAppClient(ctx, s.clientId);
    const user = await pool.getUserByUsername(ctx, s.username);
    if (!user) throw invalidSession(false);
    const secret = user.SoftwareTokenMfaConfiguration?.Secret;
    if (!secret) throw new InvalidParameterError("User has not associated a software token");
    if (!totp.verify(secret, req.UserCode)) throw verifyFailed();
    const methods = new Set(user.UserMFASettingList ?? []);
    methods.add("SOFTWARE_TOKEN_MFA");
    await pool.saveUser(ctx, {
      ...user,
      SoftwareTokenMfaConfiguration: { Secret: secret, Verified: true, FriendlyDeviceName: req.FriendlyDeviceName },
      UserMFASettingList: [...methods],
      PreferredMfaSetting: user.PreferredMfaSetting ?? "SOFTWARE_TOKEN_MFA",
    });
    sessions.delete(req.Session);
    const session = issueSession(client, user.Username, "MFA_SETUP");
    sessions.get(session).verified = true;
    return { Status: "SUCCESS", Session: session };
  });

  // AdminSetUserMFAPreference: what SetUserMFAPreference does, by an administrator (AWS credentials), for a named user.
  Targets.AdminSetUserMFAPreference = ({ cognito }) => async (ctx, req) => {
    if (!req.UserPoolId || !req.Username) throw new InvalidParameterError("Missing required parameter UserPoolId or Username");
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError("User does not exist.");
    const software = req.SoftwareTokenMfaSettings;
    const sms = req.SMSMfaSettings;
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) throw new InvalidParameterError("User has not verified software token mfa");
    const methods = new Set(user.UserMFASettingList ?? []);
    if (software?.Enabled) methods.add("SOFTWARE_TOKEN_MFA");
    else if (software) methods.delete("SOFTWARE_TOKEN_MFA");
    if (sms?.Enabled) methods.add("SMS_MFA");
    else if (sms) methods.delete("SMS_MFA");
    let preferred = user.PreferredMfaSetting;
    if (software?.PreferredMfa) preferred = "SOFTWARE_TOKEN_MFA";
    else if (sms?.PreferredMfa) preferred = "SMS_MFA";
    if (preferred && !methods.has(preferred)) preferred = undefined;
    const next = { ...user, UserMFASettingList: [...methods], PreferredMfaSetting: preferred };
    // Turned off: the secret goes too (a later enrolment associates a new one).
    if (software && !software.Enabled) delete next.SoftwareTokenMfaConfiguration;
    await pool.saveUser(ctx, next);
    return {};
  };
}

// 8. AWS credentials for administrative operations (cognito-local-security.cjs): installed after every other patch,
// so its check wraps them all.
if (process.env.COGNITO_LOCAL_EMULATE !== "0") {
  require("./cognito-local-security.cjs").installCredentialCheck(lib, {
    root,
    credentials: {
      accessKeyId: process.env.COGNITO_LOCAL_ACCESS_KEY_ID || "cognito-local-admin",
      secretAccessKey: process.env.COGNITO_LOCAL_SECRET_ACCESS_KEY || "cognito-local-development-only",
    },
  });
}

// Start as lib/bin/start.js does, with a quieter logger: cognito-local logs every refused call (a wrong password,
// an unknown user) as a warning with a stack trace. COGNITO_LOCAL_LOG_LEVEL (default "error"; DEBUG=1 → debug).
const requireFromCognitoLocal = require("node:module").createRequire(path.join(root, "package.json"));
const pino = requireFromCognitoLocal("pino");
const pretty = requireFromCognitoLocal("pino-pretty");
const logger = pino(
  { level: process.env.DEBUG ? "debug" : process.env.COGNITO_LOCAL_LOG_LEVEL || "error" },
  pretty({
    colorize: Boolean(process.stdout.isTTY),
    ignore: "pid,name,hostname",
    singleLine: true,
    messageFormat: (log, messageKey) => `${log.reqId ?? "-"} ${log.target ?? "-"} ${log[messageKey]}`,
  }),
);
lib("server")
  .createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => {
    const address = server.address();
    const where = typeof address === "string" ? address : `${address.address}:${address.port}`;
    console.log(`cognito-local listening on ${where} (data ${path.resolve(".cognito")})`);
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
