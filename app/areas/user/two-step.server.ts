/**
 * The account screen's Two-Step Verification tab (ADR 027): whether the user has an authenticator, and setting one
 * up (AssociateSoftwareToken → the QR code and key → VerifySoftwareToken with the first code → SetUserMFAPreference).
 * The secret waits in the session (encrypted cookie) between the two posts, so a wrong first code shows the same
 * QR code again.
 *
 * Replacing a working authenticator and making new recovery codes ask for a re-authentication first (ADR 034): the
 * password and the authenticator's current code, checked by the identity service as a sign-in is
 * (InitiateAuth → SOFTWARE_TOKEN_MFA), at most 5 minutes old. Without it the post answers with the re-authentication
 * form (`?confirm=…`, a plain form step in the same tab: no JavaScript needed). A stolen session alone can no longer
 * swap the second factor or take the recovery codes.
 */
import { DEFAULT_TIME_ZONE } from "../../domain/date-range";
import { formatDateTime } from "../../domain/zoned-day";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { getApi, getTokenSource } from "../../api/user-api.server";
import { createMfaRecoveryCodes, listMySecurityEvents } from "../../api/users.server";
import type { PortalLoadContext } from "../../context";
import { portalRequest } from "../../context";
import { errorFields, log } from "../../log.server";
import { associateSoftwareToken, poolMfaState, reauthenticate, setTotpPreference, verifySoftwareToken } from "../../auth/identity.server";
import { isLockedOut, isWrongCredentials, LOCKED_OUT_MESSAGE } from "../../auth/identity-errors";
import { enrolmentView, isExpiredMfaSession, isWrongMfaCode, MFA_ENABLED_MESSAGE, MFA_SETUP_MS, MFA_WRONG_CODE_MESSAGE, mfaRequired, REAUTH_MS, type EnrolmentView } from "../../auth/mfa.server";
import { getSession, type PortalSession } from "../../auth/session.server";
import { getThrottle } from "../../auth/throttle.server";
import type { CurrentUser } from "../../auth/user.server";
import { requestUrl } from "../../request-url";
import { mfaCodeSchema, REAUTH_PURPOSES, reauthSchema, type ReauthPurpose } from "./forms/mfa";

export const TWO_STEP_PATH = "/user/account/two-step/";
export const MFA_UNAVAILABLE_MESSAGE = "Two-step verification could not be changed. Please try again.";

export const RECOVERY_CODES_FAILED = "Recovery codes could not be made. Please try again.";
export const MFA_REPLACED_MESSAGE = "Your authenticator app was replaced. The old one no longer works.";
export const REAUTH_WRONG_PASSWORD = "That password didn't work. Enter the password you sign in with.";

/** Why new recovery codes are made: the API records it in the account's security history (ADR 034). */
export type RecoveryCodesReason = "enrolled" | "replaced" | "renewed";

/** New recovery codes, flashed for the next page to show once (never kept anywhere else by the portal). */
export async function issueRecoveryCodes(request: Request, context: PortalLoadContext, reason: RecoveryCodesReason = "renewed"): Promise<boolean> {
  const result = await createMfaRecoveryCodes(getApi(request, context), reason);
  if (result.error) {
    log.warn("recovery codes not made", { requestId: portalRequest(context).requestId, status: result.error.status });
    return false;
  }
  getSession(request, context).flash("recoveryCodes", result.data.codes);
  return true;
}

/** One line of the account's security history (ADR 034), worded as the e-mail a service sends about such a change. */
export interface SecurityNotice {
  at: string;
  when: string;
  text: string;
}

const NOTICE_TEXT: Record<string, (bySelf: boolean) => string> = {
  "mfa-enrolled": () => "Two-step verification was turned on with an authenticator app.",
  "mfa-replaced": () => "Your authenticator app was replaced. The one used before no longer works.",
  "mfa-recovery-codes": () => "New recovery codes were made. The earlier ones no longer work.",
  "mfa-recovered": () => "A recovery code was used to sign in. Two-step verification was turned off until it is set up again.",
  "mfa-reset": (bySelf) => (bySelf ? "Two-step verification was reset." : "An administrator reset your two-step verification."),
};

/** The history, newest first; null when the API could not be read (the tab still works). */
export async function securityNotices(request: Request, context: PortalLoadContext, timeZone: string | undefined): Promise<SecurityNotice[] | null> {
  const result = await listMySecurityEvents(getApi(request, context));
  if (result.error) {
    log.warn("security history unavailable", { requestId: portalRequest(context).requestId, status: result.error.status });
    return null;
  }
  // The one time formatter (ADR 046): the day and time with their zone.
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  return result.data.items.map((e) => ({ at: e.at, when: formatDateTime(e.at, zone), text: (NOTICE_TEXT[e.event] ?? (() => e.event))(e.bySelf) }));
}

export type TwoStepView =
  | { kind: "sso" }
  | {
      kind: "on";
      history: SecurityNotice[] | null;
      required: boolean;
      recoveryCodes: string[] | null;
      /** The re-authentication a change asks first (`?confirm=…`), when none is fresh. */
      confirm: ReauthPurpose | null;
      /** A replacement in progress (after a re-authentication): the new authenticator's QR code and key. */
      replacement: EnrolmentView | null;
    }
  | { kind: "off"; required: boolean; setup: EnrolmentView | null; history: SecurityNotice[] | null };

/** A re-authentication of this session's user, at most `REAUTH_MS` old (ADR 034). */
export function freshReauth(session: PortalSession, now = Date.now()): boolean {
  const reauth = session.get("reauth");
  const auth = session.get("auth");
  return !!reauth && !!auth && reauth.username === auth.username && now - reauth.at <= REAUTH_MS && reauth.at <= now;
}

const confirmPath = (purpose: ReauthPurpose) => `${TWO_STEP_PATH}?confirm=${purpose}`;
const isPurpose = (v: string | null): v is ReauthPurpose => (REAUTH_PURPOSES as readonly (string | null)[]).includes(v);

async function poolState(token: string, context: PortalLoadContext, signal: AbortSignal) {
  try {
    return await poolMfaState(token, signal);
  } catch (err) {
    log.error("two-step state unavailable", { requestId: portalRequest(context).requestId, ...errorFields(err) });
    throw data({ message: MFA_UNAVAILABLE_MESSAGE }, { status: 502 });
  }
}

export async function twoStepLoader(request: Request, context: PortalLoadContext, user: CurrentUser): Promise<TwoStepView> {
  const session = getSession(request, context);
  const required = mfaRequired(user.role, user.organization);
  const token = await getTokenSource(request, context).accessToken();
  if (!token) throw redirect("/user/login/");
  const pool = await poolState(token, context, request.signal);
  // A federated single sign-on user: the organization's identity provider asks for the second factor, not this portal.
  if (pool.federated) return { kind: "sso" };
  const setup = session.get("mfaSetup");
  const live = setup && setup.expiresAt > Date.now() ? setup : undefined;
  const history = await securityNotices(request, context, user.organization?.timezone);
  if (pool.totp) {
    const asked = requestUrl(request).searchParams.get("confirm");
    const fresh = freshReauth(session);
    const replacement = live?.replacing && fresh ? await enrolmentView(live.secret, user.email) : null;
    return { kind: "on", history, required, recoveryCodes: session.takeFlash("recoveryCodes") ?? null, confirm: isPurpose(asked) && !fresh ? asked : null, replacement };
  }
  return { kind: "off", history, required, setup: live && !live.replacing ? await enrolmentView(live.secret, user.email) : null };
}

/** A new authenticator secret for the account screen's set-up (a first one, or a replacement after a re-authentication). */
async function startSetup(session: PortalSession, token: string, replacing: boolean, requestId: string): Promise<never> {
  try {
    const { secret } = await associateSoftwareToken({ accessToken: token });
    session.set("mfaSetup", { secret, expiresAt: Date.now() + MFA_SETUP_MS, replacing });
  } catch (err) {
    log.error("authenticator set-up failed", { requestId, ...errorFields(err) });
    session.flash("toast", { type: "error", message: MFA_UNAVAILABLE_MESSAGE });
  }
  throw redirect(TWO_STEP_PATH);
}

async function newCodes(request: Request, context: PortalLoadContext, session: PortalSession): Promise<never> {
  if (!(await issueRecoveryCodes(request, context, "renewed"))) session.flash("toast", { type: "error", message: RECOVERY_CODES_FAILED });
  throw redirect(TWO_STEP_PATH);
}

export async function twoStepAction(request: Request, context: PortalLoadContext, formData: FormData, user: CurrentUser) {
  const session = getSession(request, context);
  const { requestId } = portalRequest(context);
  const intent = formData.get("intent");
  const token = await getTokenSource(request, context).accessToken();
  if (!token) throw redirect("/user/login/");
  const pool = await poolState(token, context, request.signal);
  if (pool.federated) throw redirect(TWO_STEP_PATH);

  if (intent === "cancel") {
    session.unset("mfaSetup");
    throw redirect(TWO_STEP_PATH);
  }
  if (intent === "reauth") return reauthAction(request, context, session, formData, token, user);
  if (intent === "new-codes") {
    // Recovery codes sign in without the authenticator: made only after a re-authentication.
    if (!freshReauth(session)) throw redirect(confirmPath("new-codes"));
    return newCodes(request, context, session);
  }
  if (intent === "start") {
    // Replacing an authenticator that works needs a re-authentication; a first one does not.
    if (pool.totp && !freshReauth(session)) throw redirect(confirmPath("replace"));
    return startSetup(session, token, pool.totp, requestId);
  }
  const submission = parseWithZod(formData, { schema: mfaCodeSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });
  const setup = session.get("mfaSetup");
  if (!setup || setup.expiresAt < Date.now() || setup.replacing !== pool.totp) {
    session.unset("mfaSetup");
    throw redirect(TWO_STEP_PATH);
  }
  if (setup.replacing && !freshReauth(session)) throw redirect(confirmPath("replace"));
  try {
    await verifySoftwareToken({ accessToken: token }, submission.value.code);
    await setTotpPreference(token, true);
  } catch (err) {
    if (isWrongMfaCode(err)) return data(submission.reply({ fieldErrors: { code: [MFA_WRONG_CODE_MESSAGE] }, hideFields: ["code"] }), { status: 400 });
    log.error("authenticator set-up failed", { requestId, ...errorFields(err) });
    return data(submission.reply({ formErrors: [MFA_UNAVAILABLE_MESSAGE], hideFields: ["code"] }), { status: 502 });
  }
  session.unset("mfaSetup");
  const done = setup.replacing ? MFA_REPLACED_MESSAGE : MFA_ENABLED_MESSAGE;
  session.flash("toast", { type: "success", message: done });
  if (!(await issueRecoveryCodes(request, context, setup.replacing ? "replaced" : "enrolled"))) session.flash("toast", { type: "warning", message: `${done} ${RECOVERY_CODES_FAILED}` });
  log.info(setup.replacing ? "authenticator replaced" : "authenticator enrolled", { requestId, event: setup.replacing ? "mfa-replaced" : "mfa-enrolled" });
  throw redirect(TWO_STEP_PATH);
}

/**
 * The re-authentication (ADR 034): the password and the current code, checked by the identity service; wrong ones
 * count toward the sign-in throttle of the account and the address, as at sign-in, and a code is taken once. Then
 * the change it was asked for is made at once.
 */
async function reauthAction(request: Request, context: PortalLoadContext, session: PortalSession, formData: FormData, token: string, user: CurrentUser) {
  const submission = parseWithZod(formData, { schema: reauthSchema });
  const hideFields = ["password", "code"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const { requestId, clientAddress } = portalRequest(context);
  const auth = session.get("auth");
  if (!auth) throw redirect("/user/login/");
  const throttle = getThrottle();
  const verdict = await throttle.checkSignIn(user.email, clientAddress);
  if (!verdict.allowed) {
    log.info("re-authentication refused", { requestId, reason: "throttled" });
    return data(submission.reply({ formErrors: [verdict.message], hideFields }), { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
  }
  const { password, code, purpose } = submission.value;
  const wrong = async (field: "password" | "code", message: string, reason: string) => {
    log.info("re-authentication refused", { requestId, reason });
    await throttle.signInFailed(user.email, clientAddress);
    return data(submission.reply({ fieldErrors: { [field]: [message] }, hideFields }), { status: 401 });
  };
  if (!(await throttle.claimCode(auth.username, code))) return wrong("code", MFA_WRONG_CODE_MESSAGE, "mfa-code-reused");
  try {
    const outcome = await reauthenticate(auth.username, password, code, request.signal);
    if (outcome !== "ok") return wrong("code", MFA_WRONG_CODE_MESSAGE, "mfa-code");
  } catch (err) {
    if (isWrongMfaCode(err)) return wrong("code", MFA_WRONG_CODE_MESSAGE, "mfa-code");
    if (isLockedOut(err)) {
      log.info("re-authentication refused", { requestId, reason: "locked-out" });
      return data(submission.reply({ formErrors: [LOCKED_OUT_MESSAGE], hideFields }), { status: 429 });
    }
    if (isWrongCredentials(err) && !isExpiredMfaSessionAfterPassword(err)) return wrong("password", REAUTH_WRONG_PASSWORD, "password");
    log.error("re-authentication failed", { requestId, ...errorFields(err) });
    return data(submission.reply({ formErrors: [MFA_UNAVAILABLE_MESSAGE], hideFields }), { status: 502 });
  }
  session.set("reauth", { username: auth.username, at: Date.now() });
  log.info("re-authenticated", { requestId, event: "re-authentication", purpose });
  if (purpose === "new-codes") return newCodes(request, context, session);
  return startSetup(session, token, true, requestId);
}

/** NotAuthorizedException is both a wrong password and a challenge session that ended; the code step's is the latter. */
const isExpiredMfaSessionAfterPassword = (err: unknown) => isExpiredMfaSession(err) && err instanceof Error && /session/i.test(err.message);
