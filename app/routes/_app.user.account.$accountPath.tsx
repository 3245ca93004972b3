/**
 * `/user/account/{accountPath}`: the account screen, tabs as links — `info` (Account Info: first and last
 * name; e-mail read-only; PATCH v2/users/{id}) and `password` (old, new, confirmation; the identity service's
 * ChangePassword) and `two-step` (Two-Step Verification: an authenticator app, ADR 027; not the spec's).
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useLazyValidation } from "../forms/lazy-validation";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useActionData } from "react-router";
import { Link } from "../components/link";
import { getApi, getTokenSource } from "../api/user-api.server";
import { updateUserName } from "../api/users.server";
import { errorFields, log } from "../log.server";
import { changePassword } from "../auth/identity.server";
import { changePasswordErrorField, identityMessage, PASSWORD_UPDATE_FAILED_MESSAGE } from "../auth/identity-errors";
import { getSession } from "../auth/session.server";
import { currentUser } from "../auth/current-user.server";
import { accountInfoSchema, makeChangePasswordSchema } from "../areas/user/forms/account";
import { twoStepAction, twoStepLoader, type SecurityNotice, type TwoStepView } from "../areas/user/two-step.server";
import type { ReauthPurpose } from "../areas/user/forms/mfa";
import { SERVER_PASSWORD_RULE } from "../auth/password.server";
import { Notice } from "../components/auth-layout";
import { AuthenticationCodeForm, TotpEnrolment } from "../components/totp-enrolment";
import type { EnrolmentView } from "../auth/mfa.server";
import { DisabledField, ErrorList, Field, PasswordField } from "../components/field";
import { SubmitButton } from "../components/submit-button";
import { portalRequest } from "../context";
import type { Route } from "./+types/_app.user.account.$accountPath";
import { readForm } from "../forms/read-form.server";

export const ACCOUNT_UPDATED_MESSAGE = "Account details updated.";
export const PASSWORD_UPDATED_MESSAGE = "Password updated.";

const TABS = [
  { path: "info", label: "Account Info" },
  { path: "password", label: "Password" },
  { path: "two-step", label: "Two-Step Verification" },
] as const;
type Tab = (typeof TABS)[number]["path"];
const isTab = (v: string | undefined): v is Tab => TABS.some((t) => t.path === v);

export const meta = (): Route.MetaDescriptors => [{ title: "Your Account | Exer Provider Portal" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = currentUser(context);
  if (!isTab(params.accountPath)) throw data(null, { status: 404 });
  const twoStep = params.accountPath === "two-step" ? await twoStepLoader(request, context, user) : null;
  return { tab: params.accountPath, user: { firstName: user.firstName, lastName: user.lastName, email: user.email }, twoStep };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = currentUser(context);
  const tab = params.accountPath;
  if (!isTab(tab)) throw data(null, { status: 404 });
  const formData = await readForm(request);
  const session = getSession(request, context);
  const here = `/user/account/${tab}/`;
  if (tab === "two-step") return twoStepAction(request, context, formData, user);

  if (tab === "info") {
    const submission = parseWithZod(formData, { schema: accountInfoSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const result = await updateUserName(getApi(request, context), user.userId, submission.value);
    if (result.error) return data(submission.reply({ formErrors: [result.error.message] }), { status: result.error.status >= 400 && result.error.status < 500 ? result.error.status : 502 });
    session.flash("toast", { type: "success", message: ACCOUNT_UPDATED_MESSAGE });
    throw redirect(here);
  }

  const submission = parseWithZod(formData, { schema: makeChangePasswordSchema(SERVER_PASSWORD_RULE) });
  const hideFields = ["oldPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const token = await getTokenSource(request, context).accessToken();
  if (!token) throw redirect("/user/login/");
  try {
    await changePassword(token, submission.value.oldPassword, submission.value.newPassword);
  } catch (err) {
    log.info("password change refused", { requestId: portalRequest(context).requestId, ...errorFields(err) });
    return data(submission.reply({ fieldErrors: { [changePasswordErrorField(err)]: [identityMessage(err, PASSWORD_UPDATE_FAILED_MESSAGE)] }, hideFields }), { status: 400 });
  }
  session.flash("toast", { type: "success", message: PASSWORD_UPDATED_MESSAGE });
  throw redirect(here);
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { tab, user, twoStep } = loaderData;
  return (
    <section className="account">
      <h1>Your Account</h1>
      <nav aria-label="Account" className="tabs">
        {TABS.map((t) => (
          <Link key={t.path} to={`/user/account/${t.path}/`} aria-current={t.path === tab ? "page" : undefined} className="tab" preventScrollReset>
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === "info" ? (
        <AccountInfo key={`info-${user.firstName}-${user.lastName}`} user={user} />
      ) : tab === "two-step" && twoStep ? (
        <TwoStep key={`two-step-${twoStep.kind}-${twoStep.kind === "off" && twoStep.setup ? "setup" : twoStep.kind === "on" ? `${twoStep.confirm ?? ""}${twoStep.replacement ? "replacing" : ""}` : ""}`} view={twoStep} />
      ) : (
        <ChangePassword key="password" />
      )}
    </section>
  );
}

function AccountInfo({ user }: { user: { firstName: string; lastName: string; email: string } }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "account-info",
    lastResult,
    defaultValue: { firstName: user.firstName, lastName: user.lastName },
    ...useLazyValidation("account-info", () => import("../areas/user/forms/account"), (m) => m.accountInfoSchema, { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <h2>Account Info</h2>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label="First Name" meta={fields.firstName} inputProps={{ autoComplete: "given-name" }} />
      <Field label="Last Name" meta={fields.lastName} inputProps={{ autoComplete: "family-name" }} />
      <DisabledField id="account-email" label="Email" type="email" value={user.email} />
      <SubmitButton pendingText="Saving…">Save</SubmitButton>
    </Form>
  );
}

function ChangePassword() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    ...useLazyValidation("change-password", () => import("../areas/user/forms/account"), (m) => m.changePasswordSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <h2>Password</h2>
      <ErrorList id={form.errorId} errors={form.errors} />
      <PasswordField label="Old Password" meta={fields.oldPassword} inputProps={{ autoComplete: "current-password" }} />
      <PasswordField label="New Password" meta={fields.newPassword} inputProps={{ autoComplete: "new-password" }} />
      <PasswordField label="Confirm New Password" meta={fields.confirmPassword} inputProps={{ autoComplete: "new-password" }} />
      <SubmitButton pendingText="Updating…">Update Password</SubmitButton>
    </Form>
  );
}

function TwoStep({ view }: { view: TwoStepView }) {
  const lastResult = useActionData<typeof action>();
  if (view.kind === "sso") {
    return (
      <div className="stack">
        <h2>Two-Step Verification</h2>
        <p>You sign in with your organization&apos;s single sign-on. Its identity provider asks for your second step, not this portal.</p>
      </div>
    );
  }
  if (view.kind === "on") {
    if (view.confirm) return <ConfirmItsYou purpose={view.confirm} lastResult={lastResult} />;
    if (view.replacement) {
      return (
        <div className="stack">
          <h2>Two-Step Verification</h2>
          <p>Set up your new authenticator app. Until you enter its first code, the one you have keeps working.</p>
          <EnrolmentSteps view={view.replacement} lastResult={lastResult} submitLabel="Replace Authenticator App" />
        </div>
      );
    }
    return (
      <div className="stack">
        <h2>Two-Step Verification</h2>
        <p>
          <strong>On.</strong> Each sign-in asks for your password and a code from your authenticator app.
        </p>
        {view.recoveryCodes ? <RecoveryCodes codes={view.recoveryCodes} /> : null}
        <p>
          Lost your phone? Sign in with one of your recovery codes, or ask an admin of your organization to reset your two-step verification; then set
          it up again. Replacing your authenticator app or making new recovery codes asks for your password and a code first.
        </p>
        <Form method="post" className="button-row">
          <SubmitButton name="intent" value="start" className="button" pendingText="Starting…">
            Replace Authenticator App
          </SubmitButton>
          <SubmitButton name="intent" value="new-codes" className="button" pendingText="Making codes…">
            Make New Recovery Codes
          </SubmitButton>
        </Form>
        <SecurityHistory notices={view.history} />
      </div>
    );
  }
  return (
    <div className="stack">
      <h2>Two-Step Verification</h2>
      {view.required ? <Notice kind="info">Your account requires two-step verification: your next sign-in will ask you to set it up.</Notice> : null}
      {view.setup ? (
        <EnrolmentSteps view={view.setup} lastResult={lastResult} submitLabel="Turn On" />
      ) : (
        <>
          <p>Two-step verification is off. With it on, signing in asks for your password and a code from an authenticator app on your phone.</p>
          <Form method="post">
            <SubmitButton name="intent" value="start" pendingText="Starting…">
              Set Up Authenticator App
            </SubmitButton>
          </Form>
        </>
      )}
      <SecurityHistory notices={view.history} />
    </div>
  );
}

const CONFIRM_WHAT: Record<ReauthPurpose, string> = {
  replace: "To replace your authenticator app",
  "new-codes": "To make new recovery codes",
};

/**
 * The re-authentication before a change to two-step verification (ADR 034): the password and the authenticator's
 * current code, checked by the identity service. A plain form in the same tab: it works without JavaScript.
 */
/** The account screen's set-up of an authenticator app (first, or a replacement): the app's key, its first code, and Cancel. */
function EnrolmentSteps({ view, lastResult, submitLabel }: { view: EnrolmentView; lastResult: SubmissionResult<string[]> | null | undefined; submitLabel: string }) {
  return (
    <>
      <TotpEnrolment view={view} />
      <AuthenticationCodeForm id="two-step" lastResult={lastResult} submitLabel={submitLabel} />
      <Form method="post">
        <button type="submit" name="intent" value="cancel" className="button">
          Cancel
        </button>
      </Form>
    </>
  );
}

function ConfirmItsYou({ purpose, lastResult }: { purpose: ReauthPurpose; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useForm({
    id: "reauth",
    lastResult,
    ...useLazyValidation("reauth", () => import("../areas/user/forms/mfa"), (m) => m.reauthSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const { key, ...codeProps } = getInputProps(fields.code, { type: "text" });
  return (
    <div className="stack">
      <h2>Confirm It&apos;s You</h2>
      <p>{CONFIRM_WHAT[purpose]}, enter your password and the code your authenticator app shows now.</p>
      <Form method="post" action={`/user/account/two-step/?confirm=${purpose}`} {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="reauth" />
        <input type="hidden" name="purpose" value={purpose} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <PasswordField label="Password" meta={fields.password} inputProps={{ autoComplete: "current-password" }} />
        <div className="field">
          <label htmlFor={fields.code.id}>Authentication code</label>
          <input key={key} {...codeProps} inputMode="numeric" autoComplete="one-time-code" maxLength={9} />
          <ErrorList id={fields.code.errorId} errors={fields.code.errors} />
        </div>
        <SubmitButton pendingText="Checking…">Confirm</SubmitButton>
      </Form>
      <p className="form-links">
        <Link to="/user/account/two-step/">Cancel</Link>
      </p>
    </div>
  );
}

/** The account's security history (ADR 034): each change to how it signs in, as the notice an e-mail would give. */
function SecurityHistory({ notices }: { notices: SecurityNotice[] | null }) {
  return (
    <section className="stack" aria-labelledby="security-history-title">
      <h3 id="security-history-title">Security Activity</h3>
      {notices === null ? (
        <p>Your security activity could not be loaded. Please try again later.</p>
      ) : notices.length === 0 ? (
        <p>No changes to your two-step verification yet.</p>
      ) : (
        <ul className="security-history" aria-label="Security activity">
          {notices.map((n, i) => (
            <li key={`${n.at}-${i}`}>
              <time dateTime={n.at}>{n.when}</time>: {n.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The recovery codes, shown once after they were made (the portal keeps them nowhere; the API keeps their hashes). */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title">Your recovery codes</h3>
      <p>
        Save these codes somewhere safe now: they are not shown again. Each one signs you in once if you lose your authenticator app, and turns
        two-step verification off until you set it up again. Making new codes replaces these.
      </p>
      <ul className="recovery-code-list" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
