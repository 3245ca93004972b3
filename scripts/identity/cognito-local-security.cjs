/**
 * Where security depends on it, cognito-local behaves like Amazon Cognito (issue 30, ADR 035). cognito-local 5.3
 * accepts unlimited wrong passwords and codes, a used code again, any caller for its administrative operations and
 * any SignUp. Installed by cognito-local-launcher.cjs with the other patches, each as Cognito documents it:
 *
 * 8. AWS credentials. Cognito's administrative operations (every Admin*, ListUsers, CreateUserPool, DescribeUserPool,
 *    …) are authorized by IAM: a request without an AWS Signature Version 4 is refused. Here every operation that is
 *    not one of Cognito's public ones (authorized by nothing, an access token or a challenge's session: PUBLIC below)
 *    needs a signature made with the development keys (`credentials`: the reference API's, provisioning's and the
 *    tests' — client.ts's LOCAL_ADMIN_CREDENTIALS); no signature is MissingAuthenticationTokenException, another
 *    key UnrecognizedClientException, a wrong or stale signature InvalidSignatureException. The portal signs with
 *    keys of its own ("unused"): it holds no administrative rights, here as on Cognito.
 * 9. A pool that only administrators may add users to (AdminCreateUserConfig.AllowAdminCreateUserOnly) refuses
 *    SignUp: NotAuthorizedException "SignUp is not permitted for this user pool".
 * 10. Lockout after failed sign-ins (Cognito's "Lockout behavior for failed sign-in attempts"): after 5 wrong
 *    passwords of a user, the user is locked out for 1 second, doubling with each further failure up to 15 minutes
 *    (2^(n-5) s); an attempt during a lockout — even with the right password — is NotAuthorizedException "Password
 *    attempts exceeded" and counts for nothing. A sign-in that ends with tokens, or 15 minutes without an attempt,
 *    clears the count. Wrong authenticator codes count the same way, per user, whatever challenge session they were
 *    sent in ("After five unsuccessful attempts to present an MFA code, Amazon Cognito begins the exponential-timeout
 *    lockout process"). A right password followed by a challenge does not clear the count: only the finished
 *    sign-in does.
 * 11. A code is accepted once (RFC 6238 §5.2): the code of a sign-in that succeeded (SOFTWARE_TOKEN_MFA) or of an
 *    enrolment (VerifySoftwareToken) is refused for that user while it is valid (the previous, current and next
 *    30-second step: 2 minutes are kept) — CodeMismatchException, counted as a wrong code.
 * The common-password list (the password policy's last rule) is in cognito-local-launcher.cjs's patch 5.
 * State is in memory: a restart of the service clears lockouts and used codes.
 */
"use strict";
const { createHash, createHmac, timingSafeEqual } = require("node:crypto");
const { createRequire } = require("node:module");
const path = require("node:path");
const { wrapTarget } = require("./cognito-local-targets.cjs");

/**
 * Cognito's operations that IAM does not authorize (unauthenticated, or authorized by an access token or a challenge's
 * session): "Amazon Cognito doesn't evaluate AWS Identity and Access Management (IAM) policies in requests for this
 * API operation". Every other operation needs AWS credentials.
 */
const PUBLIC = new Set([
  "AssociateSoftwareToken", "ChangePassword", "CompleteWebAuthnRegistration", "ConfirmDevice", "ConfirmForgotPassword",
  "ConfirmSignUp", "DeleteUser", "DeleteUserAttributes", "DeleteWebAuthnCredential", "ForgetDevice", "ForgotPassword",
  "GetDevice", "GetTokensFromRefreshToken", "GetUser", "GetUserAttributeVerificationCode", "GetUserAuthFactors",
  "GlobalSignOut", "InitiateAuth", "ListDevices", "ListWebAuthnCredentials", "ResendConfirmationCode",
  "RespondToAuthChallenge", "RevokeToken", "SetUserMFAPreference", "SetUserSettings", "SignUp",
  "StartWebAuthnRegistration", "UpdateAuthEventFeedback", "UpdateDeviceStatus", "UpdateUserAttributes",
  "VerifySoftwareToken", "VerifyUserAttribute",
]);

/** Lockout (patch 10): free failures, the longest lockout, and the quiet time that clears the count. */
const FREE_FAILURES = 5;
const MAX_LOCKOUT_MS = 15 * 60_000;
const RESET_AFTER_MS = 15 * 60_000;
/** How long an accepted code is remembered (patch 11): its step and the step either side, with a margin. */
const USED_CODE_MS = 2 * 60_000;
/** A signature's date may differ from the service's clock by this much (SigV4). */
const SIGNATURE_SKEW_MS = 15 * 60_000;

const SIGNATURE = Symbol("sigv4");

const sha256 = (data) => createHash("sha256").update(data).digest("hex");
const hmac = (key, data) => createHmac("sha256", key).update(data).digest();

/**
 * What a request's AWS Signature Version 4 says: "valid" (made with `credentials`), "missing", "unknown-key",
 * "expired" or "mismatch". `raw` is the body as received.
 */
function checkSignature(req, raw, credentials, now = Date.now()) {
  const header = req.headers.authorization;
  if (typeof header !== "string" || !header.startsWith("AWS4-HMAC-SHA256 ")) return "missing";
  const fields = Object.fromEntries(
    header
      .slice("AWS4-HMAC-SHA256 ".length)
      .split(",")
      .map((part) => part.trim().split("="))
      .map(([k, ...v]) => [k, v.join("=")]),
  );
  const [accessKeyId, date, region, service, terminator] = String(fields.Credential ?? "").split("/");
  if (!fields.Signature || !fields.SignedHeaders || !date || !region || !service || terminator !== "aws4_request") return "mismatch";
  if (accessKeyId !== credentials.accessKeyId) return "unknown-key";
  const amzDate = req.headers["x-amz-date"];
  if (typeof amzDate !== "string" || !/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== date) return "mismatch";
  const signedAt = Date.parse(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
  if (!Number.isFinite(signedAt) || Math.abs(now - signedAt) > SIGNATURE_SKEW_MS) return "expired";
  const signedHeaders = fields.SignedHeaders.split(";");
  if (!signedHeaders.includes("host")) return "mismatch";
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(",") : (value ?? "");
      return `${name}:${String(text).trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const url = new URL(req.originalUrl ?? req.url ?? "/", "http://service");
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const payloadHash = typeof req.headers["x-amz-content-sha256"] === "string" ? req.headers["x-amz-content-sha256"] : sha256(raw ?? Buffer.alloc(0));
  const canonicalRequest = [req.method, url.pathname, query, canonicalHeaders, fields.SignedHeaders, payloadHash].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), service), "aws4_request");
  const expected = Buffer.from(hmac(key, stringToSign).toString("hex"));
  const given = Buffer.from(String(fields.Signature));
  return expected.length === given.length && timingSafeEqual(expected, given) ? "valid" : "mismatch";
}

/**
 * 9–11, installed with the other patches (inside the launcher's session checks: a used or foreign challenge session
 * is refused before its code is looked at).
 * @param {(path: string) => any} lib cognito-local's modules (lib/<path>).
 */
function installSignInChecks(lib) {
  const { Targets } = lib("targets/targets");
  const { CognitoError, NotAuthorizedError } = lib("errors");
  const wrap = (name, around) => wrapTarget(Targets, name, around);

  // 9. SignUp on a pool where only administrators create users.
  wrap("SignUp", async ({ cognito }, ctx, req, next) => {
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    if (pool.options.AdminCreateUserConfig?.AllowAdminCreateUserOnly === true) throw new NotAuthorizedError("SignUp is not permitted for this user pool");
    return next();
  });

  // 10. Lockout, per user of a pool: { passwords, codes: failures; lockedUntil; lastAttempt }.
  const lockouts = new Map();
  const keyOf = (poolId, username) => `${poolId}\u0000${username}`;
  const exceeded = () => new NotAuthorizedError("Password attempts exceeded");
  /** The user's state, cleared after 15 quiet minutes; throws while the user is locked out. */
  const admit = (key, now = Date.now()) => {
    let state = lockouts.get(key);
    if (state && now - state.lastAttempt >= RESET_AFTER_MS && now >= state.lockedUntil) {
      lockouts.delete(key);
      state = undefined;
    }
    if (state && now < state.lockedUntil) throw exceeded();
    return state;
  };
  const fail = (key, kind, now = Date.now()) => {
    const state = lockouts.get(key) ?? { passwords: 0, codes: 0, lockedUntil: 0, lastAttempt: now };
    state[kind] += 1;
    state.lastAttempt = now;
    const n = state[kind];
    if (n >= FREE_FAILURES) state.lockedUntil = now + Math.min(2 ** (n - FREE_FAILURES) * 1000, MAX_LOCKOUT_MS);
    lockouts.set(key, state);
  };
  const touch = (key, now = Date.now()) => {
    const state = lockouts.get(key);
    if (state) state.lastAttempt = now;
  };
  const isWrongPassword = (err) => err?.code === "NotAuthorizedException" && err.message === "Incorrect username or password.";
  const isWrongCode = (err) => err?.code === "CodeMismatchException";

  const passwordFlows = new Set(["USER_PASSWORD_AUTH", "ADMIN_USER_PASSWORD_AUTH", "ADMIN_NO_SRP_AUTH"]);
  const aroundPassword = (poolOf) => async (services, ctx, req, next) => {
    if (!passwordFlows.has(req.AuthFlow) || !req.AuthParameters?.USERNAME) return next();
    const pool = await poolOf(services, ctx, req);
    const user = await pool.getUserByUsername(ctx, req.AuthParameters.USERNAME);
    if (!user) return next(); // an unknown user has no lockout (and is answered like a wrong password)
    const key = keyOf(pool.options.Id, user.Username);
    admit(key);
    let result;
    try {
      result = await next();
    } catch (err) {
      if (isWrongPassword(err)) fail(key, "passwords");
      throw err;
    }
    if (result?.AuthenticationResult) lockouts.delete(key);
    else touch(key);
    return result;
  };
  wrap("InitiateAuth", aroundPassword((services, ctx, req) => services.cognito.getUserPoolForClientId(ctx, req.ClientId)));
  wrap("AdminInitiateAuth", aroundPassword((services, ctx, req) => services.cognito.getUserPool(ctx, req.UserPoolId)));

  // 11. Codes used once: "<pool>\0<username>\0<code>" → when it may be forgotten.
  const usedCodes = new Map();
  const forgetOld = (now) => {
    for (const [k, until] of usedCodes) if (until <= now) usedCodes.delete(k);
  };
  const wasUsed = (key, code, now = Date.now()) => {
    forgetOld(now);
    return usedCodes.has(`${key}\u0000${code}`);
  };
  const markUsed = (key, code, now = Date.now()) => usedCodes.set(`${key}\u0000${code}`, now + USED_CODE_MS);
  const codeMismatch = () => new CognitoError("CodeMismatchException", "Invalid code received for user");

  wrap("RespondToAuthChallenge", async (services, ctx, req, next) => {
    if (req.ChallengeName !== "SOFTWARE_TOKEN_MFA") return next();
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.ChallengeResponses?.USERNAME ?? "");
    if (!user) return next();
    const key = keyOf(pool.options.Id, user.Username);
    admit(key);
    const code = String(req.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE ?? "");
    if (wasUsed(key, code)) {
      fail(key, "codes");
      throw codeMismatch();
    }
    let result;
    try {
      result = await next();
    } catch (err) {
      if (isWrongCode(err)) fail(key, "codes");
      throw err;
    }
    if (result?.AuthenticationResult) {
      markUsed(key, code);
      lockouts.delete(key);
    }
    return result;
  });

  // An enrolment's code is used too (with an access token: the user of the token; with a session: the launcher's
  // MFA_SETUP sessions, whose user this patch cannot see — their codes are checked by the launcher).
  const { claimsOf } = require("./cognito-local-targets.cjs");
  wrap("VerifySoftwareToken", async (services, ctx, req, next) => {
    const claims = req.AccessToken ? claimsOf(req.AccessToken) : undefined;
    if (!claims?.client_id) return next();
    const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = await pool.getUserByUsername(ctx, claims.username ?? claims.sub ?? "");
    if (!user) return next();
    const key = keyOf(pool.options.Id, user.Username);
    const code = String(req.UserCode ?? "");
    if (wasUsed(key, code)) throw new CognitoError("EnableSoftwareTokenMFAException", "Code mismatch and fail enable Software Token MFA");
    const result = await next();
    markUsed(key, code);
    return result;
  });

}

/**
 * 8, installed after every other patch: the outermost check of every administrative operation (nothing else of the
 * request is looked at before), covering the operations the other patches added.
 * @param {(path: string) => any} lib cognito-local's modules (lib/<path>).
 * @param {{ root: string, credentials: { accessKeyId: string, secretAccessKey: string } }} options
 */
function installCredentialCheck(lib, { root, credentials }) {
  const { Targets } = lib("targets/targets");
  const { CognitoError } = lib("errors");
  const wrap = (name, around) => wrapTarget(Targets, name, around);

  // 8. AWS credentials. The JSON body parser keeps the raw body's signature verdict on the parsed request (a symbol:
  // never stored or logged), which the administrative operations read.
  const bodyParser = createRequire(path.join(root, "package.json"))("body-parser");
  const json = bodyParser.json;
  bodyParser.json = (opts = {}) => {
    const raw = new WeakMap();
    const parse = json({ ...opts, verify: (req, _res, buf) => void raw.set(req, buf) });
    return (req, res, next) =>
      parse(req, res, (err) => {
        if (!err && req.body && typeof req.body === "object") {
          Object.defineProperty(req.body, SIGNATURE, { value: checkSignature(req, raw.get(req), credentials), enumerable: false });
        }
        next(err);
      });
  };
  const refusals = {
    missing: () => new CognitoError("MissingAuthenticationTokenException", "Missing Authentication Token"),
    "unknown-key": () => new CognitoError("UnrecognizedClientException", "The security token included in the request is invalid."),
    expired: () => new CognitoError("InvalidSignatureException", "Signature expired: the request's date is more than 15 minutes from the service's time."),
    mismatch: () =>
      new CognitoError("InvalidSignatureException", "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method."),
  };
  for (const name of Object.keys(Targets)) {
    if (PUBLIC.has(name) || typeof Targets[name] !== "function") continue;
    wrap(name, (_services, _ctx, req, next) => {
      const verdict = req?.[SIGNATURE] ?? "missing";
      if (verdict !== "valid") throw refusals[verdict]();
      return next();
    });
  }

}

module.exports = { installSignInChecks, installCredentialCheck, checkSignature, PUBLIC_OPERATIONS: PUBLIC };
