/** `/user/login/`: sign-in with e-mail and password (public). */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { useState } from "react";
import { getConfig } from "../config.server";
import { errorFields, log } from "../log.server";
import { ChallengeError, signInWithPassword, type IdentityTokens } from "../auth/identity.server";
import { errorName, isWrongCredentials, LOGIN_FAILED_MESSAGE, NO_ACCESS_MESSAGE, ORGANIZATION_DISABLED_MESSAGE } from "../auth/identity-errors";
import { getCurrentUser } from "../api/users.server";
import { getApi } from "../api/user-api.server";
import { safeRedirect } from "../auth/redirect";
import { resolveRole } from "../auth/roles";
import { getSession } from "../auth/session.server";
import { getThrottle } from "../auth/throttle.server";
import { enrolmentReason, holdForCode, holdForEnrolment } from "../auth/mfa.server";
import { accessClaims } from "../auth/tokens.server";
import { endSession, requireAnonymous, startSession } from "../auth/user.server";
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

export const IDENTITY_UNAVAILABLE_MESSAGE = "We could not reach the sign-in service. Please try again in a moment.";

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

  let tokens: IdentityTokens;
  try {
    // The values the form's parse has checked (no second read of the body).
    tokens = await signInWithPassword(email, submission.value.password, request.signal);
  } catch (err) {
    // The password was right and the identity service asks for the authenticator (or its set-up): the second step
    // (ADR 027). The account's failures are not forgotten until the code is right too.
    if (err instanceof ChallengeError && (err.challengeName === "SOFTWARE_TOKEN_MFA" || err.challengeName === "MFA_SETUP") && err.session && err.username) {
      log.info("sign-in continues", { requestId: portalRequest(context).requestId, step: err.challengeName });
      const step = { challenge: err.challengeName, session: err.session, username: err.username, login: email, redirectTo: safeRedirect(submission.value.redirectTo, "/") } as const;
      holdForCode(getSession(request, context), step);
      throw redirect("/user/login/mfa/");
    }
    if (isWrongCredentials(err) || err instanceof ChallengeError || ["UserNotConfirmedException", "PasswordResetRequiredException"].includes(errorName(err) ?? "")) {
      log.info("sign-in refused", { requestId: portalRequest(context).requestId, reason: errorName(err) ?? "challenge" });
      if (isWrongCredentials(err)) await throttle.signInFailed(email, address);
      return data(submission.reply({ fieldErrors: { password: [LOGIN_FAILED_MESSAGE] }, hideFields: ["password"] }), { status: 401 });
    }
    log.error("sign-in failed", { requestId: portalRequest(context).requestId, ...errorFields(err) });
    return data(submission.reply({ formErrors: [IDENTITY_UNAVAILABLE_MESSAGE], hideFields: ["password"] }), { status: 502 });
  }

  // The password was right: the pair's and the account's failures are forgotten, the pair known (whatever is decided below).
  await throttle.signInSucceeded(email, address);
  const session = getSession(request, context);
  const claims = accessClaims(tokens.accessToken);
  if (!claims || !startSession(session, tokens)) {
    return data(submission.reply({ formErrors: [IDENTITY_UNAVAILABLE_MESSAGE], hideFields: ["password"] }), { status: 502 });
  }
  if (resolveRole(claims.groups).kind === "none") {
    // Signed out at once: the account has no portal role.
    await endSession(session, context);
    return data(submission.reply({ formErrors: [NO_ACCESS_MESSAGE], hideFields: ["password"] }), { status: 403 });
  }
  // A disabled organization's user is refused here, on the form (003 §4: access revoked; the API answers 403). Any
  // other failure of the call is left to the next page (its retries and messages).
  const current = await getCurrentUser(getApi(request, context));
  if (current.error?.status === 403) {
    log.info("sign-in refused", { requestId: portalRequest(context).requestId, reason: "organization-disabled" });
    await endSession(session, context);
    return data(submission.reply({ formErrors: [ORGANIZATION_DISABLED_MESSAGE], hideFields: ["password"] }), { status: 403 });
  }
  // A staff account, or an organization that requires two-step verification, with no authenticator yet: it is set up
  // before the session starts (ADR 027).
  const reason = enrolmentReason(claims.groups, current.data);
  if (reason) {
    log.info("sign-in continues", { requestId: portalRequest(context).requestId, step: "enrol", reason });
    holdForEnrolment(session, tokens, { username: claims.username, login: email, redirectTo: safeRedirect(submission.value.redirectTo, "/"), reason });
    throw redirect("/user/login/mfa/");
  }
  log.info("signed in", { requestId: portalRequest(context).requestId, event: "sign-in" });
  throw redirect(safeRedirect(submission.value.redirectTo, "/"));
}

export default function Login({ loaderData, actionData: lastResult }: Route.ComponentProps) {
  const { message, redirectTo, ssoEnabled } = loaderData;
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
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
