/**
 * `/user/reset-password/`: the code from the e-mail and a new password (public). Whom the code was sent to
 * is kept in the session by the forgot-password step; without it this page goes to login.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../forms/lazy-validation";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { Link } from "../components/link";
import { errorFields, log } from "../log.server";
import { confirmForgotPassword } from "../auth/identity.server";
import { identityMessage, resetMessage, resetErrorField } from "../auth/identity-errors";
import { getSession, type PortalSession } from "../auth/session.server";
import { getThrottle } from "../auth/throttle.server";
import { requireAnonymous } from "../auth/user.server";
import { makeResetPasswordSchema } from "../areas/user/forms/password-reset";
import { SERVER_PASSWORD_RULE } from "../auth/password.server";
import { AuthLayout } from "../components/auth-layout";
import { ErrorList, Field, PasswordField } from "../components/field";
import { SubmitButton } from "../components/submit-button";
import { portalRequest } from "../context";
import type { Route } from "./+types/user.reset-password";
import { readForm } from "../forms/read-form.server";
import { retryAfterHeaders } from "../auth/retry-after";

/** A throttled answer (429) carries its Retry-After. */
export const headers = retryAfterHeaders;

export const meta = (): Route.MetaDescriptors => [{ title: "Reset password | Exer Provider Portal" }];

export const PASSWORD_RESET_MESSAGE = "Your password has been reset. Please login with your new password.";
const RESET_FAILED_MESSAGE = "Could not reset the password. Please try again.";

function pendingReset(session: PortalSession) {
  const reset = session.get("resetPassword");
  if (!reset) return undefined;
  if (reset.expiresAt < Date.now()) {
    session.unset("resetPassword");
    return undefined;
  }
  return reset;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(request, context);
  const reset = pendingReset(getSession(request, context));
  if (!reset) throw redirect("/user/login/");
  return { email: reset.username };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(request, context);
  const reset = pendingReset(session);
  if (!reset) throw redirect("/user/login/");
  const submission = parseWithZod(await readForm(request), { schema: makeResetPasswordSchema(SERVER_PASSWORD_RULE) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  // Wrong codes are throttled per account (known or not) and per client address (ADR 022): a code cannot be guessed.
  const throttle = getThrottle();
  const address = portalRequest(context).clientAddress;
  const verdict = await throttle.checkResetCode(reset.username, address);
  if (!verdict.allowed) {
    log.info("password reset refused", { requestId: portalRequest(context).requestId, reason: "throttled" });
    return data(submission.reply({ formErrors: [verdict.message], hideFields: ["password"] }), { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
  }
  try {
    await confirmForgotPassword(reset.username, submission.value.code, submission.value.password);
  } catch (err) {
    log.info("password reset refused", { requestId: portalRequest(context).requestId, ...errorFields(err) });
    const field = resetErrorField(err);
    // A code the identity service refused (wrong, expired, or an unknown account's) counts; a refused password does not.
    if (field === "code" && identityMessage(err, "")) await throttle.resetCodeFailed(reset.username, address);
    return data(submission.reply({ fieldErrors: { [field]: [resetMessage(err, RESET_FAILED_MESSAGE)] }, hideFields: ["password"] }), { status: 400 });
  }
  await throttle.passwordReset(reset.username, address);
  session.unset("resetPassword");
  session.flash("toast", { type: "success", message: PASSWORD_RESET_MESSAGE });
  log.info("password reset", { requestId: portalRequest(context).requestId, event: "password-reset" });
  throw redirect("/user/login/");
}

export default function ResetPassword({ loaderData, actionData: lastResult }: Route.ComponentProps) {
  const { email } = loaderData;
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    ...useLazyValidation("reset-password", () => import("../areas/user/forms/password-reset"), (m) => m.resetPasswordSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  return (
    <AuthLayout title="Reset password">
      <p>We have sent a verification code to {email}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Verification Code" meta={fields.code} inputProps={{ autoComplete: "one-time-code", inputMode: "numeric" }} />
        <PasswordField label="New Password" meta={fields.password} inputProps={{ autoComplete: "new-password" }} />
        <SubmitButton pendingText="Resetting…">Continue</SubmitButton>
      </Form>
      <p className="form-links">
        <Link to="/user/login/">Back to log in</Link>
      </p>
    </AuthLayout>
  );
}
