/**
 * `/user/create/{code}`: a provider signs up by invite code (public; ADR 042).
 *
 * 1. The invitation (GET v2/sign-up/{code}) prefills name and e-mail (disabled); the user chooses a password
 *    and accepts the terms (Sign Up is disabled until then with JavaScript; the server refuses it too). Every code
 *    that cannot be used (unknown, withdrawn, used) gets the same page.
 * 2. POST v2/sign-up/{code}: the provider API makes the identity account (the pool is admin-create-only) with the
 *    invitation's e-mail, verified by the invitation's link, and this password, and links it to the invitation —
 *    one account per invitation, no e-mail code.
 * 3. The sign-in through the login form's password step (app/auth/password-sign-in.server.ts): a user who must have
 *    a second factor sets it up at `/user/login/mfa/` before any page opens; the others go to the main route.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../forms/lazy-validation";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useActionData } from "react-router";
import { Link } from "../components/link";
import { useState } from "react";
import { publicApi } from "../api/client.server";
import { lookUpInvitation, signUpWithInvitation } from "../api/users.server";
import { log } from "../log.server";
import { signInWithPassword } from "../auth/identity.server";
import { getSession } from "../auth/session.server";
import { getThrottle } from "../auth/throttle.server";
import { requireAnonymous } from "../auth/user.server";
import { signInWithPasswordStep } from "../auth/password-sign-in.server";
import { inviteeSchema, makeSignUpSchema } from "../areas/user/forms/sign-up";
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
import { useChangeHandler } from "../components/use-change-handler";

/** A throttled answer (429) carries its Retry-After. */
export const headers = retryAfterHeaders;

export const meta = (): Route.MetaDescriptors => [{ title: "Create account | Exer Provider Portal" }];

const CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;
/** One message for every code that cannot be used — unknown, withdrawn or used: a used code reveals nothing (ADR 042). */
export const INVITE_INVALID_MESSAGE =
  "This invitation link is not valid or has already been used. If you have an account, please log in; otherwise ask your organization for a new invitation.";
const SIGN_UP_FAILED_MESSAGE = "Could not create your account. Please try again.";
const HIDE_PASSWORDS = { hideFields: ["password", "confirmPassword"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAnonymous(request, context);
  const code = params.code ?? "";
  if (!CODE_PATTERN.test(code)) return { step: "invalid" as const };
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
  if (invitation.data.hasAccount) return { step: "invalid" as const };
  const { firstName, lastName, email, organizationName } = invitation.data;
  return { step: "form" as const, invite: { firstName, lastName, email, organizationName } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const code = params.code ?? "";
  const here = requestUrl(request).pathname;
  if (!CODE_PATTERN.test(code)) throw redirect(here);
  const session = getSession(request, context);
  const { requestId, clientAddress } = portalRequest(context);
  const submission = parseWithZod(await readForm(request), { schema: makeSignUpSchema(SERVER_PASSWORD_RULE) });
  if (submission.status !== "success") return data(submission.reply(HIDE_PASSWORDS), { status: 400 });
  const throttle = getThrottle();
  if (!(await throttle.checkInviteLookup(clientAddress)).allowed) throw redirect(here);
  const invitation = await lookUpInvitation(publicApi(request, context), code);
  if (invitation.error?.status === 404 || invitation.error?.status === 400) {
    await throttle.inviteLookupFailed(clientAddress);
    throw redirect(here);
  }
  if (invitation.error) return data(submission.reply({ formErrors: [invitation.error.message], ...HIDE_PASSWORDS }), { status: 502 });
  // The invitation's name and e-mail are authoritative; the form supplies only what it lacks.
  const invitee = inviteeSchema.safeParse({
    firstName: invitation.data.firstName || submission.value.firstName,
    lastName: invitation.data.lastName || submission.value.lastName,
    email: invitation.data.email || submission.value.email,
  });
  if (!invitee.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of invitee.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
    return data(submission.reply({ fieldErrors, ...HIDE_PASSWORDS }), { status: 400 });
  }
  const password = submission.value.password;
  const made = await signUpWithInvitation(publicApi(request, context), code, {
    password,
    ...(invitation.data.firstName ? {} : { firstName: invitee.data.firstName }),
    ...(invitation.data.lastName ? {} : { lastName: invitee.data.lastName }),
  });
  let email = invitee.data.email;
  if (made.error?.status === 404) {
    // Used since the look-up above: a repeated submission (a double click, a resent form) whose first made the
    // account. The API made no second one; the same password signs in, as from the login form (and is throttled as
    // it is). Anything else is the page of a used link.
    log.info("sign-up repeated", { requestId });
    const verdict = await throttle.checkSignIn(email, clientAddress);
    if (!verdict.allowed) throw redirect(here);
    const refused = await signInWithPasswordStep(request, context, {
      login: email,
      redirectTo: "/",
      authenticate: () => signInWithPassword(email, password, request.signal),
      onPasswordAccepted: () => throttle.signInSucceeded(email, clientAddress),
    });
    if (refused.wrongCredentials) {
      await throttle.signInFailed(email, clientAddress);
      throw redirect(here);
    }
    session.flash("loginMessage", refused.message);
    throw redirect("/user/login/");
  }
  if (made.error) {
    log.info("sign-up refused", { requestId, status: made.error.status });
    const message = made.error.status >= 500 || made.error.status === 0 ? SIGN_UP_FAILED_MESSAGE : made.error.message;
    session.flash("toast", { type: "error", message });
    const reply = made.error.status === 400 ? { fieldErrors: { password: [message] } } : { formErrors: [message] };
    return data(submission.reply({ ...reply, ...HIDE_PASSWORDS }), { status: made.error.status >= 400 && made.error.status < 500 ? made.error.status : 502 });
  }
  email = made.data.email;
  log.info("signed up", { requestId, event: "sign-up" });
  // Signed in as from the login form: the second factor's set-up first where it is required (ADR 027).
  const refused = await signInWithPasswordStep(request, context, {
    login: email,
    redirectTo: "/",
    authenticate: () => signInWithPassword(email, password, request.signal),
  });
  // The account is made; only the sign-in failed (the identity service, a disabled organization): the login page says why.
  session.flash("loginMessage", refused.message);
  throw redirect("/user/login/");
}

export default function CreateAccount({ loaderData: data }: Route.ComponentProps) {
  if (data.step === "invalid" || data.step === "unavailable" || data.step === "throttled") {
    return (
      <AuthLayout title="Create your account">
        <Notice kind="error">{data.step === "invalid" ? INVITE_INVALID_MESSAGE : data.message}</Notice>
        <p className="form-links">
          <Link to="/user/login/">Go to log in</Link>
        </p>
      </AuthLayout>
    );
  }
  return <SignUpStep invite={data.invite} />;
}

function SignUpStep({ invite }: { invite: { firstName: string; lastName: string; email: string; organizationName: string } }) {
  const lastResult = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [accepted, setAccepted] = useState(false);
  // The box ticked before the page hydrated counts too (else Sign Up would stay disabled beside a ticked box).
  const termsChanges = useChangeHandler<HTMLInputElement>((control) => control instanceof HTMLInputElement && setAccepted(control.checked));
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult,
    ...useLazyValidation("sign-up", () => import("../areas/user/forms/sign-up"), (m) => m.signUpSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
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
          <input key={termsKey} {...termsProps} {...termsChanges} />
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
