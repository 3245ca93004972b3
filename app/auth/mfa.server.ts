/**
 * Multi-factor authentication with an authenticator app (TOTP; ADR 027). The identity service holds the secrets and
 * checks the codes (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference, RespondToAuthChallenge);
 * the portal keeps only the sign-in step in progress (`SessionData.mfa`, in the encrypted session cookie) and
 * decides who must have a second factor.
 */
import { randomUUID } from "node:crypto";
import { errorName } from "./identity-errors";
import type { IdentityTokens } from "./identity.server";
import { resolveRole, type Role } from "./roles";
import type { PendingMfa, PortalSession } from "./session.server";

/** The app's name in authenticator apps (the otpauth URI's issuer). */
export const TOTP_ISSUER = "Exer Provider Portal";

/**
 * How long a sign-in may wait at the code or enrolment step: the identity service's challenge session lives 3
 * minutes (the app client's AuthSessionValidity, at most 15); an enrolment with tokens in hand is given 5 (ADR 034:
 * the interim state between the first step and the second ends when used or within 5 minutes).
 */
export const MFA_CHALLENGE_MS = 3 * 60_000;
export const MFA_ENROL_MS = 5 * 60_000;
/** How long a re-authentication opens the account screen's changes to two-step verification (ADR 034). */
export const REAUTH_MS = 5 * 60_000;
/** The account screen's enrolment in progress (its secret, shown again if the first code is wrong). */
export const MFA_SETUP_MS = 15 * 60_000;

/** Not the spec's (it has no two-step verification): ADR 027's words. */
export const MFA_WRONG_CODE_MESSAGE = "That code didn't work. Check your authenticator app and enter the code it shows now.";
export const MFA_EXPIRED_MESSAGE = "Your sign-in timed out before the code was entered. Please log in again.";
export const MFA_ENABLED_MESSAGE = "Two-step verification is on.";
export const MFA_REQUIRED_NOTICE = "Your organization requires two-step verification. Set up an authenticator app to continue.";
export const MFA_STAFF_REQUIRED_NOTICE = "Exer staff accounts require two-step verification. Set up an authenticator app to continue.";
/** A copy of the interim state offered after it was used, or an enrolment for an account that has an authenticator (ADR 034). */
export const MFA_STEP_USED_MESSAGE = "This sign-in step has already been used. Please log in again.";
/** A federated single sign-on whose identity provider did not assert a second factor where one is required (ADR 034). */
export const SSO_SECOND_FACTOR_MISSING_MESSAGE =
  "Your account requires two-step verification, and your organization's sign-in service did not confirm a second step for this sign-in. Sign in there with two-step verification, or ask your administrator.";

/** Roles that always need a second factor, whatever their organization says. */
export const MFA_ALWAYS_ROLES: readonly Role[] = ["EXER_ADMIN", "EXER_SUPPORT"];

/** Whether a user of this role in this organization must have a second factor (an SSO user's identity provider answers for it). */
export function mfaRequired(role: Role | undefined, organization: { mfaRequired?: boolean } | undefined): boolean {
  return (role !== undefined && MFA_ALWAYS_ROLES.includes(role)) || organization?.mfaRequired === true;
}

/**
 * Why a user who signed in with the password alone must set up an authenticator before the session starts, if
 * they must: a staff role (from the token's groups or the API's profile), or their organization's requirement.
 */
export function enrolmentReason(groups: readonly string[], profile: { role?: string | null; organization?: { mfaRequired?: boolean } } | undefined): "staff" | "organization" | undefined {
  const fromToken = resolveRole(groups);
  const roles = [fromToken.kind === "role" ? fromToken.role : undefined, profile?.role ?? undefined];
  if (roles.some((r) => r !== undefined && (MFA_ALWAYS_ROLES as readonly string[]).includes(r))) return "staff";
  if (profile?.organization?.mfaRequired === true) return "organization";
  return undefined;
}

/**
 * The claim through which a federated user's identity provider asserts that this sign-in used a second factor
 * (ADR 034): the id token's `custom:amr`, an attribute of the user pool mapped from the identity provider's `amr`
 * (RFC 8176 Authentication Method Reference values). Cognito writes mapped attributes at every federated sign-in, and
 * the id token comes straight from the pool's token endpoint (the PKCE code exchange), so it speaks for this sign-in.
 */
export const SSO_AMR_CLAIM = "custom:amr";

/**
 * Whether an `amr` value asserts a second factor: RFC 8176's `mfa` (multiple-factor authentication), as Entra ID and
 * Okta send it. The attribute is a string (Cognito writes a list claim as text, e.g. `["pwd","mfa"]` or `[pwd, mfa]`),
 * so it is read as words. Other values (`otp`, `hwk`) alone say which method was used, not that there were two.
 */
export function amrAssertsSecondFactor(value: unknown): boolean {
  const words = Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(/[^A-Za-z0-9_-]+/) : [];
  return words.some((w) => w.toLowerCase() === "mfa");
}

/** What the identity service says of a signed-in user's second factor (GetUser with the access token). */
export interface PoolMfaState {
  /** SOFTWARE_TOKEN_MFA is in UserMFASettingList. */
  totp: boolean;
  /** The user came from an external identity provider (the `identities` attribute): the pool's MFA does not apply. */
  federated: boolean;
}

export type SsoSecondFactor =
  | { decision: "sign-in" }
  | { decision: "enrol"; reason: "organization" | "staff" }
  | { decision: "refuse"; message: string };

/**
 * After a single sign-on (ADR 034), as the password path decides: a user who must have a second factor
 * (`reason`) and is a native user of the pool signs in when the pool has an authenticator for them (the hosted UI
 * then asked its code: Cognito's managed login answers SOFTWARE_TOKEN_MFA before it returns), else is held for
 * enrolment; a federated user signs in only when the identity provider asserted a second factor (`amr`), else is
 * refused. A user who need not have one signs in (a native user with an authenticator was asked anyway).
 */
export function ssoSecondFactor(reason: "organization" | "staff" | undefined, pool: PoolMfaState, idClaims: Record<string, unknown> | null): SsoSecondFactor {
  if (!reason) return { decision: "sign-in" };
  if (pool.federated) return amrAssertsSecondFactor(idClaims?.[SSO_AMR_CLAIM]) ? { decision: "sign-in" } : { decision: "refuse", message: SSO_SECOND_FACTOR_MISSING_MESSAGE };
  return pool.totp ? { decision: "sign-in" } : { decision: "enrol", reason };
}

/** A wrong authenticator code, as the identity service says it at each step. */
export const isWrongMfaCode = (err: unknown): boolean =>
  ["CodeMismatchException", "EnableSoftwareTokenMFAException", "ExpiredCodeException"].includes(errorName(err) ?? "");

/** The challenge's session is over (expired, already used, or unknown): the sign-in starts again. */
export const isExpiredMfaSession = (err: unknown): boolean => errorName(err) === "NotAuthorizedException";

/** The otpauth URI an authenticator app reads from the QR code (Key Uri Format: issuer, account, SHA-1, 6 digits, 30 s). */
export function otpauthUri(secret: string, account: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer: TOTP_ISSUER, algorithm: "SHA1", digits: "6", period: "30" });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, "%20")}`;
}

/** The secret as people type it: groups of four. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** A QR code as one SVG path over a `size`×`size` grid of modules (rendered by the server: no script, no image request). */
export interface QrSvg {
  size: number;
  path: string;
}

/** qrcode is loaded on first use (README, "What the server loads at start"). */
export async function qrSvg(text: string): Promise<QrSvg> {
  const { default: QRCode } = await import("qrcode");
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  return { size: modules.size, path: parts.join("") };
}

/** What an enrolment page shows: the QR code, the secret as text, the account it is for. */
export interface EnrolmentView {
  qr: QrSvg;
  secret: string;
  account: string;
}

export const enrolmentView = async (secret: string, account: string): Promise<EnrolmentView> => ({ qr: await qrSvg(otpauthUri(secret, account)), secret: groupedSecret(secret), account });

/** The sign-in step in progress, if it has not run out. An expired one (or one from before steps had an id) is removed. */
export function pendingMfa(session: PortalSession, now = Date.now()): PendingMfa | undefined {
  const pending = session.get("mfa");
  if (!pending) return undefined;
  if (pending.expiresAt < now || typeof pending.id !== "string" || pending.expiresAt > now + Math.max(MFA_CHALLENGE_MS, MFA_ENROL_MS)) {
    session.unset("mfa");
    session.flash("loginMessage", MFA_EXPIRED_MESSAGE);
    return undefined;
  }
  return pending;
}

/** Holds a password sign-in at the authenticator step (the identity service's challenge). Nothing of a previous session stays. */
export function holdForCode(session: PortalSession, step: { challenge: "SOFTWARE_TOKEN_MFA" | "MFA_SETUP"; session: string; username: string; login: string; redirectTo: string }, now = Date.now()): void {
  session.destroy();
  session.set("mfa", {
    id: randomUUID(),
    kind: step.challenge === "SOFTWARE_TOKEN_MFA" ? "challenge" : "setup",
    session: step.session,
    username: step.username,
    login: step.login,
    redirectTo: step.redirectTo,
    expiresAt: now + MFA_CHALLENGE_MS,
  });
}

/**
 * A signed-in user who must have a second factor and has none: the session started by the password is taken back
 * (no page opens with it) and its tokens wait, in the encrypted cookie, for the enrolment (an authenticator set up
 * with the access token: AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference).
 */
export function holdForEnrolment(
  session: PortalSession,
  tokens: IdentityTokens,
  step: { username: string; login: string; redirectTo: string; reason: "organization" | "staff"; method?: "password" | "sso" },
  now = Date.now(),
): void {
  session.destroy();
  session.set("mfa", {
    id: randomUUID(),
    method: step.method ?? "password",
    kind: "enrol",
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    idToken: tokens.idToken,
    username: step.username,
    login: step.login,
    redirectTo: step.redirectTo,
    reason: step.reason,
    expiresAt: now + MFA_ENROL_MS,
  });
}
