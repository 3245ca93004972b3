/**
 * What the cognito-local patches (cognito-local-launcher.cjs, cognito-local-sign-out.cjs) share: wrapping one of
 * cognito-local's targets (API operations), and reading a token's claims.
 */
"use strict";

/**
 * Replaces target `name` of cognito-local's `Targets` by `around(services, ctx, req, next)`, where `next()` runs the
 * original operation.
 */
function wrapTarget(Targets, name, around) {
  const original = Targets[name];
  if (typeof original !== "function") throw new Error(`cognito-local launcher: target ${name} not found`);
  Targets[name] = (services) => {
    const inner = original(services);
    return (ctx, req) => around(services, ctx, req, () => inner(ctx, req));
  };
}

/** A JWT's claims, undefined when unreadable (no signature check: cognito-local's own operations do none either). */
function claimsOf(token) {
  try {
    return JSON.parse(Buffer.from(String(token).split(".")[1] ?? "", "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

module.exports = { wrapTarget, claimsOf };
