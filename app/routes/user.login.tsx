/** `/user/login/`: sign-in with e-mail and password (public). */
import { getFormProps, useForm } from "@conform-to/react";
import { useLazyValidation } from "../forms/lazy-validation";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { Link } from "../components/link";
import { useState } from "react";
import { getConfig } from "../config.server";
import { log } from "../log.server";
import { signInWithPassword } from "../auth/identity.server";
import { safeRedirect } from "../auth/redirect";
import { getSession } from "../auth/session.server";
import { getThrottle } from "../auth/throttle.server";
import { requireAnonymous } from "../auth/user.server";
import { signInWithPasswordStep } from "../auth/password-sign-in.server";
import { loginSchema } from "../areas/user/forms/login";
import { AuthLayout, Notice } from "../components/auth-layout";
import { ErrorList, Field, PasswordField } from "../components/field";
import { SubmitButton } from "../components/submit-button";
import { portalRequest } from "../context";
import { requestUrl } from "../request-url";
import type { Route } from "./+types/user.login";
import { readForm } from "../forms/read-form.server";
import { retryAfterHeaders } from "../auth/retry-after";

/** A throttled answer (429) carries its Retry-After. */
export const headers = retryAfterHeaders;

export const meta = (): Route.MetaDescriptors => [{ title: "Log In | Exer Provider Portal" }];

export { IDENTITY_UNAVAILABLE_MESSAGE } from "../auth/identity-errors";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(request, context);
  const session = getSession(request, context);
  const message = session.takeFlash("loginMessage") ?? null;
  const redirectTo = safeRedirect(requestUrl(request).searchParams.get("redirectTo"), "");
  return { message, redirectTo, ssoEnabled: getConfig().sso !== undefined };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });

  // Throttled (ADR 022): per (account, address) pair with back-off, per account (known or not) and per client
  // address, before the password is checked.
  const throttle = getThrottle();
  const email = submission.value.email;
  const address = portalRequest(context).clientAddress;
  const verdict = await throttle.checkSignIn(email, address);
  if (!verdict.allowed) {
    log.info("sign-in refused", { requestId: portalRequest(context).requestId, reason: "throttled" });
    return data(submission.reply({ formErrors: [verdict.message], hideFields: ["password"] }), { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
  }

  // The password step, shared with the sign-up (ADR 027, 042): it throws the redirect that leads on.
  const redirectTo = safeRedirect(submission.value.redirectTo, "/");
  const refused = await signInWithPasswordStep(request, context, {
    login: email,
    redirectTo,
    // The values the form's parse has checked (no second read of the body).
    authenticate: () => signInWithPassword(email, submission.value.password, request.signal),
    // The password was right: the pair's and the account's failures are forgotten, the pair known.
    onPasswordAccepted: () => throttle.signInSucceeded(email, address),
  });
  if (refused.wrongCredentials) await throttle.signInFailed(email, address);
  const reply = refused.field === "password" ? { fieldErrors: { password: [refused.message] } } : { formErrors: [refused.message] };
  return data(submission.reply({ ...reply, hideFields: ["password"] }), { status: refused.status });
}

export default function Login({ loaderData, actionData: lastResult }: Route.ComponentProps) {
  const { message, redirectTo, ssoEnabled } = loaderData;
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    ...useLazyValidation("login", () => import("../areas/user/forms/login"), (m) => m.loginSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const passwordKey = useResultCount(lastResult);
  return (
    <AuthLayout title="Log in to your account">
      {message ? <Notice kind="info">{message}</Notice> : null}
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorList id={form.errorId} errors={form.errors} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "username" }} />
        <PasswordField key={passwordKey} label="Password" meta={fields.password} inputProps={{ autoComplete: "current-password" }} />
        <p className="form-links">
          <Link to="/user/forgot-password/">Forgot password?</Link>
        </p>
        <SubmitButton pendingText="Logging in…">Log In</SubmitButton>
      </Form>
      {ssoEnabled ? (
        <form method="post" action="/user/sso/" className="sso">
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <button type="submit" className="button">
            Continue with SSO
          </button>
        </form>
      ) : null}
    </AuthLayout>
  );
}

/**
 * Counts the action's answers. The password field is keyed by it, so after every refused sign-in it is a new,
 * empty input: with JavaScript the browser would otherwise keep the typed password in the page (the server
 * never sends it back: `hideFields`), without JavaScript the answer is a new page anyway.
 */
function useResultCount(result: unknown): number {
  const [seen, setSeen] = useState(result);
  const [count, setCount] = useState(0);
  if (result !== seen) {
    setSeen(result);
    setCount(count + 1);
  }
  return count;
}
