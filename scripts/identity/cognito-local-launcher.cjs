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
 * 5. The pool's password policy: SignUp, ConfirmForgotPassword, ChangePassword and AdminSetUserPassword refuse a
 *    password that breaks it with InvalidPasswordException "Password did not conform with policy: …"
 *    (cognito-local accepts any password): the minimum length, and the composition rules only where the pool has
 *    them (the portal's pool has none: ASVS 2.1.9). Like Cognito's API, a password of more than 256 characters or
 *    beginning or ending with white space is an InvalidParameterException.
 * Sign-out (ADR 025): GlobalSignOut and AdminUserGlobalSignOut, revoked access tokens refused, expired refresh tokens
 * refused — in cognito-local-sign-out.cjs.
 */
"use strict";
const path = require("node:path");

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

  const wrap = (name, around) => {
    const original = Targets[name];
    if (typeof original !== "function") throw new Error(`cognito-local launcher: target ${name} not found`);
    Targets[name] = (services) => {
      const inner = original(services);
      return (ctx, req) => around(services, ctx, req, () => inner(ctx, req));
    };
  };

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
  };
  const clientIdOf = (accessToken) => {
    try {
      return JSON.parse(Buffer.from(String(accessToken).split(".")[1] ?? "", "base64url").toString("utf8")).client_id;
    } catch {
      return undefined;
    }
  };
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
  wrap("ChangePassword", async ({ cognito }, ctx, req, next) => {
    const clientId = clientIdOf(req.AccessToken);
    // An unreadable token: cognito-local's own checks refuse it.
    if (clientId) checkPolicy(await cognito.getUserPoolForClientId(ctx, clientId), req.ProposedPassword);
    return next();
  });

  // Global sign-out (GlobalSignOut, AdminUserGlobalSignOut) and expired refresh tokens: cognito-local-sign-out.cjs.
  require("./cognito-local-sign-out.cjs")(lib);
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
