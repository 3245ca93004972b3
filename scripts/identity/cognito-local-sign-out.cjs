/**
 * Sign-out and token lifetimes in cognito-local (ADR 025), as Amazon Cognito documents them; cognito-local 5.3
 * lacks them. Installed by cognito-local-launcher.cjs with the other patches:
 *
 * 6. GlobalSignOut (with the user's access token) and AdminUserGlobalSignOut (pool id + username): every refresh
 *    token of the user is revoked, and access tokens issued until then are refused — NotAuthorizedException "Access
 *    Token has been revoked" — by every operation that takes one (GetUser, ChangePassword, …). A sign-in in the same
 *    second as the sign-out waits for the next second (tokens carry whole seconds), so its tokens are not refused.
 * 7. REFRESH_TOKEN_AUTH refuses an expired refresh token: NotAuthorizedException "Refresh Token has expired" (the app
 *    client's RefreshTokenValidity, 12 hours in scripts/identity/provision.ts; cognito-local renews forever).
 */
"use strict";
const { claimsOf, wrapTarget } = require("./cognito-local-targets.cjs");

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {(path: string) => any} lib cognito-local's modules (lib/<path>). */
module.exports = function installSignOut(lib) {
  const { Targets } = lib("targets/targets");
  const { NotAuthorizedError, InvalidParameterError, UserNotFoundError } = lib("errors");
  const revoked = () => new NotAuthorizedError("Access Token has been revoked");

  const wrap = (name, around) => wrapTarget(Targets, name, around);

  /** Signs the user out everywhere: no refresh token is left, and access tokens issued until now are refused. */
  const signOutEverywhere = async (ctx, pool, user) => {
    await pool.saveUser(ctx, { ...user, RefreshTokens: [], GlobalSignOutAt: Date.now() });
  };

  /** The user of an access token and its claims. */
  const userOfAccessToken = async (services, ctx, accessToken) => {
    const claims = claimsOf(accessToken);
    if (!claims || !claims.client_id) throw new InvalidParameterError("Invalid access token");
    const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = (await pool.getUserByUsername(ctx, claims.username ?? claims.sub)) ?? null;
    return { pool, user, claims };
  };
  /** Issued at or before the user's last global sign-out (whole seconds). */
  const isRevoked = (user, claims) => {
    const iat = typeof claims.iat === "number" ? claims.iat : 0;
    return Boolean(user?.GlobalSignOutAt) && iat <= Math.floor(user.GlobalSignOutAt / 1000);
  };

  // 6. GlobalSignOut and AdminUserGlobalSignOut.
  Targets.GlobalSignOut = (services) => async (ctx, req) => {
    if (!req.AccessToken) throw new InvalidParameterError("AccessToken is required");
    const { pool, user, claims } = await userOfAccessToken(services, ctx, req.AccessToken);
    if (!user) throw new NotAuthorizedError("Access Token has been revoked");
    if (isRevoked(user, claims)) throw revoked();
    await signOutEverywhere(ctx, pool, user);
    return {};
  };
  Targets.AdminUserGlobalSignOut = (services) => async (ctx, req) => {
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError("User does not exist.");
    await signOutEverywhere(ctx, pool, user);
    return {};
  };

  // Operations authorized by an access token refuse a revoked one.
  for (const name of [
    "GetUser",
    "ChangePassword",
    "UpdateUserAttributes",
    "DeleteUser",
    "DeleteUserAttributes",
    "VerifyUserAttribute",
    "GetUserAttributeVerificationCode",
    "AssociateSoftwareToken",
    "VerifySoftwareToken",
    "SetUserMFAPreference",
  ]) {
    if (typeof Targets[name] !== "function") continue;
    wrap(name, async (services, ctx, req, next) => {
      if (req.AccessToken) {
        const { user, claims } = await userOfAccessToken(services, ctx, req.AccessToken);
        if (user && isRevoked(user, claims)) throw revoked();
      }
      return next();
    });
  }

  // A sign-in in the very second of a global sign-out waits for the next one (its tokens would carry that second).
  const waitPastSignOut = async (pool, ctx, username) => {
    if (!username) return;
    const user = await pool.getUserByUsername(ctx, username);
    const second = user?.GlobalSignOutAt ? Math.floor(user.GlobalSignOutAt / 1000) : undefined;
    if (second !== undefined && Math.floor(Date.now() / 1000) <= second) await sleep((second + 1) * 1000 - Date.now() + 5);
  };

  // 7. An expired refresh token is refused; a sign-in waits past a global sign-out's second.
  wrap("InitiateAuth", async (services, ctx, req, next) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    if (req.AuthFlow === "REFRESH_TOKEN_AUTH" || req.AuthFlow === "REFRESH_TOKEN") {
      const claims = claimsOf(req.AuthParameters?.REFRESH_TOKEN);
      if (claims && typeof claims.exp === "number" && claims.exp * 1000 <= Date.now()) throw new NotAuthorizedError("Refresh Token has expired");
    } else {
      await waitPastSignOut(pool, ctx, req.AuthParameters?.USERNAME);
    }
    return next();
  });
  wrap("AdminInitiateAuth", async (services, ctx, req, next) => {
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    await waitPastSignOut(pool, ctx, req.AuthParameters?.USERNAME);
    return next();
  });
};
