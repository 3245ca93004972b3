/**
 * Reading the claims the portal needs from identity tokens. The tokens come straight from the identity
 * service (over TLS) and then live only in the encrypted session, so the portal reads them without verifying
 * signatures; the provider API verifies every access token it receives.
 */
export interface AccessClaims {
  username: string;
  groups: string[];
  /** Expiry, ms since epoch. */
  expiresAt: number;
}

export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const payload = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as unknown;
    return payload && typeof payload === "object" ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** username (Cognito access tokens: `username`; else `cognito:username` or `sub`), groups and expiry. */
export function accessClaims(accessToken: string): AccessClaims | null {
  const p = decodeJwtPayload(accessToken);
  if (!p) return null;
  const username = [p.username, p["cognito:username"], p.sub].find((v): v is string => typeof v === "string" && v.length > 0);
  if (!username || typeof p.exp !== "number") return null;
  const groups = Array.isArray(p["cognito:groups"]) ? (p["cognito:groups"] as unknown[]).filter((g): g is string => typeof g === "string") : [];
  return { username, groups, expiresAt: p.exp * 1000 };
}
