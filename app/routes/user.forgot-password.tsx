/** `/user/forgot-password/`: ask the identity service to e-mail a reset code (public). */
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../forms/lazy-validation";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { Link } from "../components/link";
import { errorFields, log } from "../log.server";
import { forgotPassword } from "../auth/identity.server";
import { identityMessage, isUnknownUser } from "../auth/identity-errors";
import { getSession } from "../auth/session.server";
import { getThrottle } from "../auth/throttle.server";
import { requireAnonymous } from "../auth/user.server";
import { forgotPasswordSchema } from "../areas/user/forms/password-reset";
import { AuthLayout } from "../components/auth-layout";
import { ErrorList, Field } from "../components/field";
import { SubmitButton } from "../components/submit-button";
import { portalRequest } from "../context";
import type { Route } from "./+types/user.forgot-password";
import { readForm } from "../forms/read-form.server";
import { retryAfterHeaders } from "../auth/retry-after";

/** A throttled answer (429) carries its Retry-After. */
export const headers = retryAfterHeaders;

export const meta = (): Route.MetaDescriptors => [{ title: "Forgot password | Exer Provider Portal" }];

export const CODE_SENT_MESSAGE = "A password verification code has been sent to your email.";
const SEND_FAILED_MESSAGE = "We could not send a verification code. Please try again.";
/** How long the reset page remembers whom the code was sent to. */
const RESET_WINDOW_MS = 60 * 60_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const email = submission.value.email;
  // Throttled per account (known or not) and per client address (ADR 022): every request counts.
  const verdict = await getThrottle().passwordResetRequested(email, portalRequest(context).clientAddress);
  if (!verdict.allowed) {
    log.info("forgot password refused", { requestId: portalRequest(context).requestId, reason: "throttled" });
    return data(submission.reply({ formErrors: [verdict.message] }), { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
  }
  try {
    await forgotPassword(email);
  } catch (err) {
    log.info("forgot password refused", { requestId: portalRequest(context).requestId, ...errorFields(err) });
    // An unknown account goes on like a known one: the reset step then fails like a wrong code.
    if (!isUnknownUser(err)) return data(submission.reply({ fieldErrors: { email: [identityMessage(err, SEND_FAILED_MESSAGE)] } }), { status: 400 });
  }
  const session = getSession(request, context);
  session.set("resetPassword", { username: email, expiresAt: Date.now() + RESET_WINDOW_MS });
  session.flash("toast", { type: "success", message: CODE_SENT_MESSAGE });
  throw redirect("/user/reset-password/");
}

export default function ForgotPassword({ actionData: lastResult }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    ...useLazyValidation("forgot-password", () => import("../areas/user/forms/password-reset"), (m) => m.forgotPasswordSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  return (
    <AuthLayout title="Forgot password">
      <p>Enter the e-mail address of your account and we will send you a verification code.</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "username" }} />
        <SubmitButton pendingText="Sending…">Continue</SubmitButton>
      </Form>
      <p className="form-links">
        <Link to="/user/login/">Back to log in</Link>
      </p>
    </AuthLayout>
  );
}
