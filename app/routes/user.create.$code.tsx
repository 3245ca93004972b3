/**
 * `/user/create/{code}`: a provider signs up by invite code (public).
 *
 * 1. The invitation (GET v2/sign-up/{code}) prefills name and e-mail (disabled); the user chooses a password
 *    and accepts the terms (Sign Up is disabled until then with JavaScript; the server refuses it too).
 * 2. Identity sign-up with a generated username (the pool uses the e-mail as an alias). Cognito e-mails a
 *    verification code: this page asks for it (the pending sign-up waits in the encrypted session).
 * 3. Confirm, sign in, POST v2/users/{id}/complete-sign-up, then the main route.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData } from "react-router";
import { useState } from "react";
import { publicApi } from "../api/client.server";
import { getApi, getTokenSource } from "../api/user-api.server";
import { completeSignUp, lookUpInvitation } from "../api/users.server";
import { errorFields, log } from "../log.server";
import { confirmSignUp, resendSignUpCode, signInWithPassword, signUp } from "../auth/identity.server";
import { errorName, identityMessage } from "../auth/identity-errors";
import { getSession, type PortalSession, type SessionData } from "../auth/session.server";
import { getThrottle } from "../auth/throttle.server";
import { endSession, requireAnonymous, startSession } from "../auth/user.server";
import { inviteeSchema, makeSignUpSchema, signUpSchema, verifySignUpSchema } from "../areas/user/forms/sign-up";
import { SERVER_PASSWORD_RULE } from "../auth/password.server";
import { AuthLayout, Notice } from "../components/auth-layout";
import { DisabledField, ErrorList, Field, PasswordField } from "../components/field";
import { SubmitButton } from "../components/submit-button";
import { useHydrated } from "../components/use-hydrated";
import { portalRequest } from "../context";
import { requestUrl } from "../request-url";
import type { Route } from "./+types/user.create.$code";
import { readForm } from "../forms/read-form.server";
import { retryAfterHeaders } from "../auth/retry-after";

/** A throttled answer (429) carries its Retry-After. */
export const headers = retryAfterHeaders;

export const meta = (): Route.MetaDescriptors => [{ title: "Create account | Exer Provider Portal" }];

const CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;
const PENDING_MS = 30 * 60_000;
export const INVITE_INVALID_MESSAGE = "This invitation link is not valid. Please ask your organization for a new invitation.";
export const INVITE_USED_MESSAGE = "This invitation has already been used. Please log in.";
const SIGN_UP_FAILED_MESSAGE = "Could not create your account. Please try again.";
const VERIFY_FAILED_MESSAGE = "Could not verify the code. Please try again.";
const RESEND_FAILED_MESSAGE = "Could not send a new code. Please try again.";

type Pending = NonNullable<SessionData["signUp"]>;

function pendingSignUp(session: PortalSession, code: string): Pending | undefined {
  const pending = session.get("signUp");
  if (!pending) return undefined;
  if (pending.inviteCode !== code || pending.expiresAt < Date.now()) {
    session.unset("signUp");
    return undefined;
  }
  return pending;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAnonymous(request, context);
  const code = params.code ?? "";
  if (!CODE_PATTERN.test(code)) return { step: "invalid" as const };
  const pending = pendingSignUp(getSession(request, context), code);
  if (pending) return { step: "verify" as const, email: pending.email };
  // Failed look-ups are throttled per client address (ADR 022): codes cannot be enumerated.
  const throttle = getThrottle();
  const verdict = await throttle.checkInviteLookup(portalRequest(context).clientAddress);
  if (!verdict.allowed) {
    log.info("invite look-up refused", { requestId: portalRequest(context).requestId, reason: "throttled" });
    return data({ step: "throttled" as const, message: verdict.message }, { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
  }
  const invitation = await lookUpInvitation(publicApi(request, context), code);
  if (invitation.error) {
    if (invitation.error.status === 404 || invitation.error.status === 400) {
      await throttle.inviteLookupFailed(portalRequest(context).clientAddress);
      return { step: "invalid" as const };
    }
    return { step: "unavailable" as const, message: invitation.error.message };
  }
  if (invitation.data.hasAccount) return { step: "used" as const };
  const { firstName, lastName, email, organizationName } = invitation.data;
  return { step: "form" as const, invite: { firstName, lastName, email, organizationName } };
}

async function finish(request: Request, context: Route.ActionArgs["context"], pending: Pending): Promise<Response> {
  const session = getSession(request, context);
  const tokens = await signInWithPassword(pending.username, pending.password);
  // A new session: the pending sign-up (and its password) is gone with the old one.
  startSession(session, tokens);
  const completed = await completeSignUp(getApi(request, context), pending.username, {
    inviteCode: pending.inviteCode,
    firstName: pending.firstName,
    lastName: pending.lastName,
  });
  if (completed.error && completed.error.status !== 409) {
    log.warn("complete sign-up failed", { requestId: portalRequest(context).requestId, status: completed.error.status });
    await endSession(session, context);
    session.flash("toast", { type: "error", message: completed.error.message });
    throw redirect(requestUrl(request).pathname);
  }
  // The API may have given the new user a role: fresh tokens carry the groups.
  await getTokenSource(request, context).refresh();
  log.info("signed up", { requestId: portalRequest(context).requestId, event: "sign-up" });
  return redirect("/");
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const code = params.code ?? "";
  if (!CODE_PATTERN.test(code)) throw redirect(requestUrl(request).pathname);
  const session = getSession(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "verify" || intent === "resend") {
    const pending = pendingSignUp(session, code);
    if (!pending) throw redirect(requestUrl(request).pathname);
    if (intent === "resend") {
      try {
        await resendSignUpCode(pending.username);
        session.flash("toast", { type: "info", message: `We have sent a new verification code to ${pending.email}` });
      } catch (err) {
        log.warn("sign-up code not re-sent", { requestId: portalRequest(context).requestId, ...errorFields(err) });
        session.flash("toast", { type: "error", message: identityMessage(err, RESEND_FAILED_MESSAGE) });
      }
      throw redirect(requestUrl(request).pathname);
    }
    const submission = parseWithZod(formData, { schema: verifySignUpSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    try {
      await confirmSignUp(pending.username, submission.value.code);
    } catch (err) {
      // Already confirmed (a repeated submit) is fine.
      if (!(errorName(err) === "NotAuthorizedException" && /CONFIRMED/i.test(String((err as Error).message)))) {
        log.info("sign-up confirmation refused", { requestId: portalRequest(context).requestId, ...errorFields(err) });
        return data(submission.reply({ fieldErrors: { code: [identityMessage(err, VERIFY_FAILED_MESSAGE)] } }), { status: 400 });
      }
    }
    try {
      return await finish(request, context, pending);
    } catch (err) {
      if (err instanceof Response) throw err;
      log.error("sign-in after sign-up failed", { requestId: portalRequest(context).requestId, ...errorFields(err) });
      return submission.reply({ formErrors: [identityMessage(err, SIGN_UP_FAILED_MESSAGE)] });
    }
  }

  const submission = parseWithZod(formData, { schema: makeSignUpSchema(SERVER_PASSWORD_RULE) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  const throttle = getThrottle();
  if (!(await throttle.checkInviteLookup(portalRequest(context).clientAddress)).allowed) throw redirect(requestUrl(request).pathname);
  const invitation = await lookUpInvitation(publicApi(request, context), code);
  if (invitation.error?.status === 404 || invitation.error?.status === 400) await throttle.inviteLookupFailed(portalRequest(context).clientAddress);
  if (invitation.error || invitation.data.hasAccount) throw redirect(requestUrl(request).pathname);
  // The invitation's name and e-mail are authoritative; the form supplies only what it lacks.
  const invitee = inviteeSchema.safeParse({
    firstName: invitation.data.firstName || submission.value.firstName,
    lastName: invitation.data.lastName || submission.value.lastName,
    email: invitation.data.email || submission.value.email,
  });
  if (!invitee.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of invitee.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
    return data(submission.reply({ fieldErrors, hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const username = crypto.randomUUID();
  let confirmed: boolean;
  try {
    ({ confirmed } = await signUp(username, invitee.data.email, submission.value.password));
  } catch (err) {
    log.info("sign-up refused", { requestId: portalRequest(context).requestId, ...errorFields(err) });
    const message = identityMessage(err, SIGN_UP_FAILED_MESSAGE);
    const onPassword = ["InvalidPasswordException"].includes(errorName(err) ?? "") || (errorName(err) === "InvalidParameterException" && /password/i.test(message));
    session.flash("toast", { type: "error", message });
    const reply = submission.reply(onPassword ? { fieldErrors: { password: [message] }, hideFields: ["password", "confirmPassword"] } : { formErrors: [message], hideFields: ["password", "confirmPassword"] });
    // Refused by the identity service (the input): 400; it could not be reached: 502.
    return data(reply, { status: identityMessage(err, "") ? 400 : 502 });
  }
  const pending: Pending = { inviteCode: code, username, ...invitee.data, password: submission.value.password, expiresAt: Date.now() + PENDING_MS };
  if (confirmed) {
    try {
      return await finish(request, context, pending);
    } catch (err) {
      if (err instanceof Response) throw err;
      return submission.reply({ formErrors: [identityMessage(err, SIGN_UP_FAILED_MESSAGE)], hideFields: ["password", "confirmPassword"] });
    }
  }
  session.set("signUp", pending);
  throw redirect(requestUrl(request).pathname);
}

export default function CreateAccount({ loaderData: data }: Route.ComponentProps) {
  if (data.step === "invalid" || data.step === "used" || data.step === "unavailable" || data.step === "throttled") {
    return (
      <AuthLayout title="Create your account">
        <Notice kind="error">{data.step === "invalid" ? INVITE_INVALID_MESSAGE : data.step === "used" ? INVITE_USED_MESSAGE : data.message}</Notice>
        <p className="form-links">
          <Link to="/user/login/">Go to log in</Link>
        </p>
      </AuthLayout>
    );
  }
  if (data.step === "verify") return <VerifyStep email={data.email} />;
  return <SignUpStep invite={data.invite} />;
}

function SignUpStep({ invite }: { invite: { firstName: string; lastName: string; email: string; organizationName: string } }) {
  const lastResult = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [accepted, setAccepted] = useState(false);
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { key: termsKey, ...termsProps } = getInputProps(fields.terms, { type: "checkbox" });
  return (
    <AuthLayout title="Create your account">
      <p>You have been invited to join {invite.organizationName}.</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="sign-up" />
        {invite.firstName ? <DisabledField id="sign-up-first-name" label="First Name" value={invite.firstName} /> : <Field label="First Name" meta={fields.firstName} />}
        {invite.lastName ? <DisabledField id="sign-up-last-name" label="Last Name" value={invite.lastName} /> : <Field label="Last Name" meta={fields.lastName} />}
        {invite.email ? <DisabledField id="sign-up-email" label="Email" type="email" value={invite.email} /> : <Field label="Email" type="email" meta={fields.email} />}
        <PasswordField label="Password" meta={fields.password} inputProps={{ autoComplete: "new-password" }} />
        <PasswordField label="Confirm Password" meta={fields.confirmPassword} inputProps={{ autoComplete: "new-password" }} />
        <div className="field checkbox-field">
          <input key={termsKey} {...termsProps} onChange={(e) => setAccepted(e.currentTarget.checked)} />
          <label htmlFor={fields.terms.id}>I agree to the Terms of Service and Privacy Policy</label>
          <ErrorList id={fields.terms.errorId} errors={fields.terms.errors} />
        </div>
        <SubmitButton pendingText="Signing up…" disabled={hydrated && !accepted}>
          Sign Up
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}

function VerifyStep({ email }: { email: string }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "verify-sign-up",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifySignUpSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthLayout title="Verify your e-mail">
      <p>We have sent a verification code to {email}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="verify" />
        <Field label="Verification Code" meta={fields.code} inputProps={{ autoComplete: "one-time-code", inputMode: "numeric" }} />
        <SubmitButton pendingText="Verifying…">Continue</SubmitButton>
      </Form>
      <Form method="post" className="form-links">
        <input type="hidden" name="intent" value="resend" />
        <button type="submit" className="link-button">
          Send a new code
        </button>
      </Form>
    </AuthLayout>
  );
}
