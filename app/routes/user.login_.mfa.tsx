/**
 * `/user/login/mfa/`: the second step of a password sign-in (ADR 027), public, with the step kept in the session
 * (`SessionData.mfa`) by the login form:
 * - `challenge`: the identity service asks for the authenticator's code (SOFTWARE_TOKEN_MFA);
 * - `setup`: a user pool that requires MFA of everyone asks for an authenticator first (MFA_SETUP, with the
 *   challenge's session);
 * - `enrol`: the portal requires one (a staff account, or the organization's setting) of a user who has none: set
 *   up with the access token the password gave, before the session starts.
 * Wrong codes count toward the sign-in throttle of the account and the address (ADR 022), as wrong passwords do.
 * Without the step (never started, or timed out) this page goes to login.
 *
 * At the code step, `?recovery` asks for a recovery code instead (the authenticator is lost): the provider API uses
 * it up and turns the authenticator off; the user then logs in with the password alone (and sets up a new one
 * where it is required). Wrong recovery codes count toward the throttle too. After an enrolment the user's new
 * recovery codes are made and shown once on the account screen.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../forms/lazy-validation";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { Link } from "../components/link";
import { errorFields, log } from "../log.server";
import {
  answerTotpChallenge,
  associateSoftwareToken,
  finishMfaSetup,
  poolMfaState,
  setTotpPreference,
  verifySoftwareToken,
  type IdentityTokens,
} from "../auth/identity.server";
import { finishSignIn } from "../auth/mfa-sign-in.server";
import { readForm } from "../forms/read-form.server";
import { retryAfterHeaders } from "../auth/retry-after";
import {
  enrolmentView,
  isExpiredMfaSession,
  isWrongMfaCode,
  MFA_ENABLED_MESSAGE,
  MFA_EXPIRED_MESSAGE,
  MFA_REQUIRED_NOTICE,
  MFA_STAFF_REQUIRED_NOTICE,
  MFA_STEP_USED_MESSAGE,
  MFA_WRONG_CODE_MESSAGE,
  pendingMfa,
} from "../auth/mfa.server";
import { getSession, type PendingMfa, type PortalSession } from "../auth/session.server";
import { getThrottle } from "../auth/throttle.server";
import { requireAnonymous } from "../auth/user.server";
import { mfaCodeSchema, recoveryCodeSchema } from "../areas/user/forms/mfa";
import { issueRecoveryCodes, TWO_STEP_PATH } from "../areas/user/two-step.server";
import { redeemMfaRecoveryCode } from "../api/users.server";
import { getApi } from "../api/user-api.server";
import { requestUrl } from "../request-url";
import { AuthLayout, Notice } from "../components/auth-layout";
import { ErrorList } from "../components/field";
import { SubmitButton } from "../components/submit-button";
import { AuthenticationCodeForm, TotpEnrolment } from "../components/totp-enrolment";
import { portalRequest, type PortalLoadContext } from "../context";
import { IDENTITY_UNAVAILABLE_MESSAGE } from "./user.login";
import type { Route } from "./+types/user.login_.mfa";

export const meta = (): Route.MetaDescriptors => [{ title: "Two-Step Verification | Exer Provider Portal" }];

/** A throttled answer (429) carries its Retry-After. */
export const headers = retryAfterHeaders;

const MFA_SETUP_NOTICE = "Your account requires two-step verification. Set up an authenticator app to continue.";
export const RECOVERY_CODE_INVALID = "That recovery code is not valid.";
export const RECOVERY_USED_MESSAGE =
  "Recovery code accepted: two-step verification is off. Log in with your password, then set up your authenticator app again.";

/**
 * The set-up steps' secret: associated once per step (a reload shows the same one). The interim state is claimed
 * for it once (ADR 034): a copy of the cookie taken before the secret was associated cannot associate another (which
 * would replace the owner's); and an account that has an authenticator already never gets a second one here.
 */
async function secretFor(session: PortalSession, pending: Extract<PendingMfa, { kind: "setup" | "enrol" }>, context: PortalLoadContext): Promise<string> {
  if (pending.secret) return pending.secret;
  if (pending.kind === "enrol" && (await poolMfaState(pending.accessToken)).totp) stepUsed(session, context, "already-enrolled");
  if (!(await getThrottle().claimStep("associate", pending.id))) stepUsed(session, context, "associate-replayed");
  if (pending.kind === "setup") {
    const { secret, session: next } = await associateSoftwareToken({ session: pending.session });
    session.set("mfa", { ...pending, secret, session: next ?? pending.session });
    return secret;
  }
  const { secret } = await associateSoftwareToken({ accessToken: pending.accessToken });
  session.set("mfa", { ...pending, secret });
  return secret;
}

/** The interim state was used already (a copy of the cookie), or the account has an authenticator: the sign-in starts again. */
function stepUsed(session: PortalSession, context: PortalLoadContext, reason: string): never {
  log.warn("sign-in refused", { requestId: portalRequest(context).requestId, reason, step: "mfa" });
  session.unset("mfa");
  session.flash("loginMessage", MFA_STEP_USED_MESSAGE);
  throw redirect("/user/login/");
}

function timedOut(session: PortalSession): never {
  session.unset("mfa");
  session.flash("loginMessage", MFA_EXPIRED_MESSAGE);
  throw redirect("/user/login/");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(request, context);
  const session = getSession(request, context);
  const pending = pendingMfa(session);
  if (!pending) throw redirect("/user/login/");
  if (await getThrottle().stepFinished(pending.id)) stepUsed(session, context, "step-replayed");
  if (pending.kind === "challenge") {
    const recovery = requestUrl(request).searchParams.has("recovery");
    return { kind: recovery ? ("recovery" as const) : ("challenge" as const), notice: null, enrolment: null };
  }
  let secret: string;
  try {
    secret = await secretFor(session, pending, context);
  } catch (err) {
    if (isRedirect(err)) throw err;
    if (isExpiredMfaSession(err)) timedOut(session);
    log.error("authenticator set-up failed", { requestId: portalRequest(context).requestId, ...errorFields(err) });
    throw data({ message: IDENTITY_UNAVAILABLE_MESSAGE }, { status: 502 });
  }
  const notice = pending.kind === "setup" ? MFA_SETUP_NOTICE : pending.reason === "staff" ? MFA_STAFF_REQUIRED_NOTICE : MFA_REQUIRED_NOTICE;
  return { kind: pending.kind, notice, enrolment: await enrolmentView(secret, pending.login) };
}

/** Checks the code at the identity service; the tokens when it is right. */
async function passStep(session: PortalSession, pending: PendingMfa, code: string, signal: AbortSignal): Promise<IdentityTokens> {
  switch (pending.kind) {
    case "challenge":
      return answerTotpChallenge(pending.session, pending.username, code, signal);
    case "setup": {
      if (!pending.secret) throw Object.assign(new Error("no authenticator was set up in this step"), { name: "NotAuthorizedException" });
      const { session: next } = await verifySoftwareToken({ session: pending.session }, code);
      return finishMfaSetup(next ?? pending.session, pending.username);
    }
    case "enrol": {
      if (!pending.secret) throw Object.assign(new Error("no authenticator was set up in this step"), { name: "NotAuthorizedException" });
      await verifySoftwareToken({ accessToken: pending.accessToken }, code);
      // Turned on only by the one request that ends the step (a copy of the cookie racing it is refused).
      if (!(await getThrottle().claimStep("finish", pending.id))) throw new StepReplayed();
      await setTotpPreference(pending.accessToken, true);
      session.unset("mfa");
      return { accessToken: pending.accessToken, refreshToken: pending.refreshToken, idToken: pending.idToken };
    }
  }
}

class StepReplayed extends Error {
  override name = "StepReplayed";
}

const isRedirect = (err: unknown) => err instanceof Response && err.status >= 300 && err.status < 400;

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(request, context);
  const pending = pendingMfa(session);
  if (!pending) throw redirect("/user/login/");
  if (await getThrottle().stepFinished(pending.id)) stepUsed(session, context, "step-replayed");
  const formData = await readForm(request);
  if (formData.get("intent") === "recovery" && pending.kind === "challenge") return recoveryAction(request, context, session, pending, formData);
  const submission = parseWithZod(formData, { schema: mfaCodeSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });

  const { requestId, clientAddress } = portalRequest(context as PortalLoadContext);
  const throttle = getThrottle();
  const verdict = await throttle.checkSignIn(pending.login, clientAddress);
  if (!verdict.allowed) {
    log.info("sign-in refused", { requestId, reason: "throttled", step: pending.kind });
    return data(submission.reply({ formErrors: [verdict.message], hideFields: ["code"] }), { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
  }

  // A code is used once (ASVS 2.8.4): the same code again within its validity is refused as a wrong one, and counts.
  if (pending.kind === "challenge" && !(await throttle.claimCode(pending.username, submission.value.code))) {
    log.info("sign-in refused", { requestId, reason: "mfa-code-reused", step: pending.kind });
    await throttle.signInFailed(pending.login, clientAddress);
    return data(submission.reply({ fieldErrors: { code: [MFA_WRONG_CODE_MESSAGE] }, hideFields: ["code"] }), { status: 401 });
  }

  let tokens: IdentityTokens;
  try {
    tokens = await passStep(session, pending, submission.value.code, request.signal);
    // The step ends once (ADR 034): the first request to pass it claims it; a copy of the cookie is refused after.
    if (pending.kind !== "enrol" && !(await throttle.claimStep("finish", pending.id))) throw new StepReplayed();
  } catch (err) {
    if (err instanceof StepReplayed) stepUsed(session, context, "step-replayed");
    if (isWrongMfaCode(err)) {
      log.info("sign-in refused", { requestId, reason: "mfa-code", step: pending.kind });
      await throttle.signInFailed(pending.login, clientAddress);
      return data(submission.reply({ fieldErrors: { code: [MFA_WRONG_CODE_MESSAGE] }, hideFields: ["code"] }), { status: 401 });
    }
    if (isExpiredMfaSession(err)) timedOut(session);
    log.error("sign-in failed", { requestId, step: pending.kind, ...errorFields(err) });
    return data(submission.reply({ formErrors: [IDENTITY_UNAVAILABLE_MESSAGE], hideFields: ["code"] }), { status: 502 });
  }

  await throttle.signInSucceeded(pending.login, clientAddress);
  session.unset("mfa");
  const outcome = await finishSignIn(request, context, tokens, IDENTITY_UNAVAILABLE_MESSAGE, pending.method);
  if (!outcome.ok) {
    session.flash("loginMessage", outcome.message);
    throw redirect("/user/login/");
  }
  log.info("signed in", { requestId, event: "sign-in", step: pending.kind });
  if (pending.kind === "challenge") throw redirect(pending.redirectTo);
  // A new authenticator: its recovery codes are made now and shown once on the account screen.
  getSession(request, context).flash("toast", { type: "success", message: MFA_ENABLED_MESSAGE });
  throw redirect((await issueRecoveryCodes(request, context, "enrolled")) ? TWO_STEP_PATH : pending.redirectTo);
}

async function recoveryAction(request: Request, context: PortalLoadContext, session: PortalSession, pending: PendingMfa, formData: FormData) {
  const submission = parseWithZod(formData, { schema: recoveryCodeSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["recoveryCode"] }), { status: 400 });
  const { requestId, clientAddress } = portalRequest(context);
  const throttle = getThrottle();
  const verdict = await throttle.checkSignIn(pending.login, clientAddress);
  if (!verdict.allowed) {
    log.info("sign-in refused", { requestId, reason: "throttled", step: "recovery" });
    return data(submission.reply({ formErrors: [verdict.message], hideFields: ["recoveryCode"] }), { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
  }
  const result = await redeemMfaRecoveryCode(getApi(request, context), pending.username, submission.value.recoveryCode);
  if (result.error) {
    if (result.error.status === 400) {
      log.info("sign-in refused", { requestId, reason: "recovery-code" });
      await throttle.signInFailed(pending.login, clientAddress);
      return data(submission.reply({ fieldErrors: { recoveryCode: [RECOVERY_CODE_INVALID] }, hideFields: ["recoveryCode"] }), { status: 401 });
    }
    log.warn("recovery code not checked", { requestId, status: result.error.status });
    return data(submission.reply({ formErrors: [IDENTITY_UNAVAILABLE_MESSAGE], hideFields: ["recoveryCode"] }), { status: 502 });
  }
  log.info("two-step verification turned off with a recovery code", { requestId, event: "mfa-recovered" });
  await throttle.claimStep("finish", pending.id);
  session.unset("mfa");
  session.flash("loginMessage", RECOVERY_USED_MESSAGE);
  throw redirect("/user/login/");
}

export default function LoginMfa({ loaderData, actionData: lastResult }: Route.ComponentProps) {
  return loaderData.kind === "recovery" ? <RecoveryStep lastResult={lastResult} /> : <CodeStep data={loaderData} lastResult={lastResult} />;
}

function CodeStep({ data: { kind, notice, enrolment }, lastResult }: { data: Route.ComponentProps["loaderData"]; lastResult: Route.ComponentProps["actionData"] }) {
  return (
    <AuthLayout title={kind === "challenge" ? "Two-step verification" : "Set up two-step verification"}>
      {notice ? <Notice kind="info">{notice}</Notice> : null}
      {enrolment ? <TotpEnrolment view={enrolment} /> : <p>Enter the 6-digit code from your authenticator app.</p>}
      <AuthenticationCodeForm id="login-mfa" lastResult={lastResult} submitLabel={kind === "challenge" ? "Verify" : "Turn On and Continue"} />
      <p className="form-links">
        {kind === "challenge" ? (
          <>
            <Link to="?recovery">Use a recovery code</Link>
            {" · "}
          </>
        ) : null}
        <Link to="/user/login/">Back to log in</Link>
      </p>
    </AuthLayout>
  );
}

function RecoveryStep({ lastResult }: { lastResult: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useForm({
    id: "login-recovery",
    lastResult,
    ...useLazyValidation("login-recovery", () => import("../areas/user/forms/mfa"), (m) => m.recoveryCodeSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const { key, ...codeProps } = getInputProps(fields.recoveryCode, { type: "text" });
  return (
    <AuthLayout title="Use a recovery code">
      <p>Enter one of the recovery codes you saved when you set up two-step verification. Each code works once.</p>
      <Form method="post" action="/user/login/mfa/?recovery" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="recovery" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="field">
          <label htmlFor={fields.recoveryCode.id}>Recovery code</label>
          <input key={key} {...codeProps} autoComplete="off" spellCheck={false} maxLength={64} />
          <ErrorList id={fields.recoveryCode.errorId} errors={fields.recoveryCode.errors} />
        </div>
        <SubmitButton pendingText="Checking…">Use Recovery Code</SubmitButton>
      </Form>
      <p className="form-links">
        <Link to="/user/login/mfa/">Use your authenticator app</Link>
        {" · "}
        <Link to="/user/login/">Back to log in</Link>
      </p>
    </AuthLayout>
  );
}
