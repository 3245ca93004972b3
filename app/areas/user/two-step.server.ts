/**
 * The account screen's Two-Step Verification tab (ADR 027): whether the user has an authenticator, and setting one
 * up (AssociateSoftwareToken → the QR code and key → VerifySoftwareToken with the first code → SetUserMFAPreference).
 * The secret waits in the session (encrypted cookie) between the two posts, so a wrong first code shows the same
 * QR code again.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { getApi, getTokenSource } from "../../api/user-api.server";
import { createMfaRecoveryCodes } from "../../api/users.server";
import type { PortalLoadContext } from "../../context";
import { portalRequest } from "../../context";
import { errorFields, log } from "../../log.server";
import { associateSoftwareToken, hasTotp, setTotpPreference, verifySoftwareToken } from "../../auth/identity.server";
import { enrolmentView, isWrongMfaCode, MFA_ENABLED_MESSAGE, MFA_SETUP_MS, MFA_WRONG_CODE_MESSAGE, mfaRequired } from "../../auth/mfa.server";
import { getSession } from "../../auth/session.server";
import type { CurrentUser } from "../../auth/user.server";
import { mfaCodeSchema } from "./forms/mfa";

export const TWO_STEP_PATH = "/user/account/two-step/";
export const MFA_UNAVAILABLE_MESSAGE = "Two-step verification could not be changed. Please try again.";

export const RECOVERY_CODES_FAILED = "Recovery codes could not be made. Please try again.";

/** New recovery codes, flashed for the next page to show once (never kept anywhere else by the portal). */
export async function issueRecoveryCodes(request: Request, context: PortalLoadContext): Promise<boolean> {
  const result = await createMfaRecoveryCodes(getApi(request, context));
  if (result.error) {
    log.warn("recovery codes not made", { requestId: portalRequest(context).requestId, status: result.error.status });
    return false;
  }
  getSession(request, context).flash("recoveryCodes", result.data.codes);
  return true;
}

export type TwoStepView =
  | { kind: "sso" }
  | { kind: "on"; required: boolean; recoveryCodes: string[] | null }
  | { kind: "off"; required: boolean; setup: ReturnType<typeof enrolmentView> | null };

export async function twoStepLoader(request: Request, context: PortalLoadContext, user: CurrentUser): Promise<TwoStepView> {
  const session = getSession(request, context);
  // Single sign-on: the organization's identity provider asks for the second factor, not this portal.
  if (session.get("auth")?.method === "sso") return { kind: "sso" };
  const required = mfaRequired(user.role, user.organization);
  const token = await getTokenSource(request, context).accessToken();
  if (!token) throw redirect("/user/login/");
  let enabled: boolean;
  try {
    enabled = await hasTotp(token, request.signal);
  } catch (err) {
    log.error("two-step state unavailable", { requestId: portalRequest(context).requestId, ...errorFields(err) });
    throw data({ message: MFA_UNAVAILABLE_MESSAGE }, { status: 502 });
  }
  if (enabled) return { kind: "on", required, recoveryCodes: session.takeFlash("recoveryCodes") ?? null };
  const setup = session.get("mfaSetup");
  const live = setup && setup.expiresAt > Date.now() ? setup : undefined;
  return { kind: "off", required, setup: live ? enrolmentView(live.secret, user.email) : null };
}

export async function twoStepAction(request: Request, context: PortalLoadContext, formData: FormData) {
  const session = getSession(request, context);
  const requestId = portalRequest(context).requestId;
  const intent = formData.get("intent");
  const token = await getTokenSource(request, context).accessToken();
  if (!token) throw redirect("/user/login/");
  if (session.get("auth")?.method === "sso") throw redirect(TWO_STEP_PATH);

  if (intent === "cancel") {
    session.unset("mfaSetup");
    throw redirect(TWO_STEP_PATH);
  }
  if (intent === "new-codes") {
    if (!(await issueRecoveryCodes(request, context))) session.flash("toast", { type: "error", message: RECOVERY_CODES_FAILED });
    throw redirect(TWO_STEP_PATH);
  }
  if (intent === "start") {
    try {
      const { secret } = await associateSoftwareToken({ accessToken: token });
      session.set("mfaSetup", { secret, expiresAt: Date.now() + MFA_SETUP_MS });
    } catch (err) {
      log.error("authenticator set-up failed", { requestId, ...errorFields(err) });
      session.flash("toast", { type: "error", message: MFA_UNAVAILABLE_MESSAGE });
    }
    throw redirect(TWO_STEP_PATH);
  }
  const submission = parseWithZod(formData, { schema: mfaCodeSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });
  const setup = session.get("mfaSetup");
  if (!setup || setup.expiresAt < Date.now()) {
    session.unset("mfaSetup");
    throw redirect(TWO_STEP_PATH);
  }
  try {
    await verifySoftwareToken({ accessToken: token }, submission.value.code);
    await setTotpPreference(token, true);
  } catch (err) {
    if (isWrongMfaCode(err)) return data(submission.reply({ fieldErrors: { code: [MFA_WRONG_CODE_MESSAGE] }, hideFields: ["code"] }), { status: 400 });
    log.error("authenticator set-up failed", { requestId, ...errorFields(err) });
    return data(submission.reply({ formErrors: [MFA_UNAVAILABLE_MESSAGE], hideFields: ["code"] }), { status: 502 });
  }
  session.unset("mfaSetup");
  session.flash("toast", { type: "success", message: MFA_ENABLED_MESSAGE });
  if (!(await issueRecoveryCodes(request, context))) session.flash("toast", { type: "warning", message: `${MFA_ENABLED_MESSAGE} ${RECOVERY_CODES_FAILED}` });
  log.info("authenticator enrolled", { requestId, event: "mfa-enrolled" });
  throw redirect(TWO_STEP_PATH);
}
