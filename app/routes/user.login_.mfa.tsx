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
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { errorFields, log } from "../log.server";
import {
  answerTotpChallenge,
  associateSoftwareToken,
  finishMfaSetup,
  setTotpPreference,
  verifySoftwareToken,
  type IdentityTokens,
} from "../auth/identity.server";
import { finishSignIn } from "../auth/mfa-sign-in.server";
import {
  enrolmentView,
  isExpiredMfaSession,
  isWrongMfaCode,
  MFA_ENABLED_MESSAGE,
  MFA_EXPIRED_MESSAGE,
  MFA_REQUIRED_NOTICE,
  MFA_STAFF_REQUIRED_NOTICE,
  MFA_WRONG_CODE_MESSAGE,
  pendingMfa,
} from "../auth/mfa.server";
import { getSession, type PendingMfa, type PortalSession } from "../auth/session.server";
import { getThrottle, wait } from "../auth/throttle.server";
import { requireAnonymous } from "../auth/user.server";
import { mfaCodeSchema } from "../areas/user/forms/mfa";
import { AuthLayout, Notice } from "../components/auth-layout";
import { ErrorList } from "../components/field";
import { SubmitButton } from "../components/submit-button";
import { TotpEnrolment } from "../components/totp-enrolment";
import { portalRequest, type PortalLoadContext } from "../context";
import { IDENTITY_UNAVAILABLE_MESSAGE } from "./user.login";
import type { Route } from "./+types/user.login_.mfa";

export const meta = (): Route.MetaDescriptors => [{ title: "Two-Step Verification | Exer Provider Portal" }];

const MFA_SETUP_NOTICE = "Your account requires two-step verification. Set up an authenticator app to continue.";

/** The set-up steps' secret: associated once per step (a reload shows the same one). */
async function secretFor(session: PortalSession, pending: Extract<PendingMfa, { kind: "setup" | "enrol" }>): Promise<string> {
  if (pending.secret) return pending.secret;
  if (pending.kind === "setup") {
    const { secret, session: next } = await associateSoftwareToken({ session: pending.session });
    session.set("mfa", { ...pending, secret, session: next ?? pending.session });
    return secret;
  }
  const { secret } = await associateSoftwareToken({ accessToken: pending.accessToken });
  session.set("mfa", { ...pending, secret });
  return secret;
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
  if (pending.kind === "challenge") return { kind: "challenge" as const, notice: null, enrolment: null };
  let secret: string;
  try {
    secret = await secretFor(session, pending);
  } catch (err) {
    if (isExpiredMfaSession(err)) timedOut(session);
    log.error("authenticator set-up failed", { requestId: portalRequest(context).requestId, ...errorFields(err) });
    throw data({ message: IDENTITY_UNAVAILABLE_MESSAGE }, { status: 502 });
  }
  const notice = pending.kind === "setup" ? MFA_SETUP_NOTICE : pending.reason === "staff" ? MFA_STAFF_REQUIRED_NOTICE : MFA_REQUIRED_NOTICE;
  return { kind: pending.kind, notice, enrolment: enrolmentView(secret, pending.login) };
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
      await verifySoftwareToken({ accessToken: pending.accessToken }, code);
      await setTotpPreference(pending.accessToken, true);
      session.unset("mfa");
      return { accessToken: pending.accessToken, refreshToken: pending.refreshToken, idToken: pending.idToken };
    }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(request, context);
  const pending = pendingMfa(session);
  if (!pending) throw redirect("/user/login/");
  const submission = parseWithZod(await request.formData(), { schema: mfaCodeSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });

  const { requestId, clientAddress } = portalRequest(context as PortalLoadContext);
  const throttle = getThrottle();
  const verdict = await throttle.checkSignIn(pending.login, clientAddress);
  if (!verdict.allowed) {
    log.info("sign-in refused", { requestId, reason: "throttled", step: pending.kind });
    return data(submission.reply({ formErrors: [verdict.message], hideFields: ["code"] }), { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
  }
  await wait(verdict.delayMs, request.signal);

  let tokens: IdentityTokens;
  try {
    tokens = await passStep(session, pending, submission.value.code, request.signal);
  } catch (err) {
    if (isWrongMfaCode(err)) {
      log.info("sign-in refused", { requestId, reason: "mfa-code", step: pending.kind });
      await throttle.signInFailed(pending.login, clientAddress);
      return data(submission.reply({ fieldErrors: { code: [MFA_WRONG_CODE_MESSAGE] }, hideFields: ["code"] }), { status: 401 });
    }
    if (isExpiredMfaSession(err)) timedOut(session);
    log.error("sign-in failed", { requestId, step: pending.kind, ...errorFields(err) });
    return data(submission.reply({ formErrors: [IDENTITY_UNAVAILABLE_MESSAGE], hideFields: ["code"] }), { status: 502 });
  }

  await throttle.signInSucceeded(pending.login);
  session.unset("mfa");
  const outcome = await finishSignIn(request, context, tokens, IDENTITY_UNAVAILABLE_MESSAGE);
  if (!outcome.ok) {
    session.flash("loginMessage", outcome.message);
    throw redirect("/user/login/");
  }
  if (pending.kind !== "challenge") getSession(request, context).flash("toast", { type: "success", message: MFA_ENABLED_MESSAGE });
  log.info("signed in", { requestId, event: "sign-in", step: pending.kind });
  throw redirect(pending.redirectTo);
}

export default function LoginMfa({ loaderData, actionData: lastResult }: Route.ComponentProps) {
  const { kind, notice, enrolment } = loaderData;
  const [form, fields] = useForm({
    id: "login-mfa",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mfaCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { key, ...codeProps } = getInputProps(fields.code, { type: "text" });
  return (
    <AuthLayout title={kind === "challenge" ? "Two-step verification" : "Set up two-step verification"}>
      {notice ? <Notice kind="info">{notice}</Notice> : null}
      {enrolment ? <TotpEnrolment view={enrolment} /> : <p>Enter the 6-digit code from your authenticator app.</p>}
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="field">
          <label htmlFor={fields.code.id}>Authentication code</label>
          <input key={key} {...codeProps} inputMode="numeric" autoComplete="one-time-code" maxLength={9} />
          <ErrorList id={fields.code.errorId} errors={fields.code.errors} />
        </div>
        <SubmitButton pendingText="Verifying…">{kind === "challenge" ? "Verify" : "Turn On and Continue"}</SubmitButton>
      </Form>
      <p className="form-links">
        <Link to="/user/login/">Back to log in</Link>
      </p>
    </AuthLayout>
  );
}
