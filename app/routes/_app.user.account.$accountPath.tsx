/**
 * `/user/account/{accountPath}`: the account screen, tabs as links — `info` (Account Info: first and last
 * name; e-mail read-only; PATCH v2/users/{id}) and `password` (old, new, confirmation; the identity service's
 * ChangePassword).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData } from "react-router";
import { getApi, getTokenSource } from "../api/user-api.server";
import { updateUserName } from "../api/users.server";
import { errorFields, log } from "../log.server";
import { changePassword } from "../auth/identity.server";
import { changePasswordErrorField, identityMessage, PASSWORD_UPDATE_FAILED_MESSAGE } from "../auth/identity-errors";
import { getSession } from "../auth/session.server";
import { requireUser } from "../auth/user.server";
import { accountInfoSchema, changePasswordSchema, makeChangePasswordSchema } from "../areas/user/forms/account";
import { SERVER_PASSWORD_RULE } from "../auth/password.server";
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
] as const;
type Tab = (typeof TABS)[number]["path"];
const isTab = (v: string | undefined): v is Tab => TABS.some((t) => t.path === v);

export const meta = (): Route.MetaDescriptors => [{ title: "Your Account | Exer Provider Portal" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  if (!isTab(params.accountPath)) throw data(null, { status: 404 });
  return { tab: params.accountPath, user: { firstName: user.firstName, lastName: user.lastName, email: user.email } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const tab = params.accountPath;
  if (!isTab(tab)) throw data(null, { status: 404 });
  const formData = await readForm(request);
  const session = getSession(request, context);
  const here = `/user/account/${tab}/`;

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
  const { tab, user } = loaderData;
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
      {tab === "info" ? <AccountInfo key={`info-${user.firstName}-${user.lastName}`} user={user} /> : <ChangePassword key="password" />}
    </section>
  );
}

function AccountInfo({ user }: { user: { firstName: string; lastName: string; email: string } }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "account-info",
    lastResult,
    defaultValue: { firstName: user.firstName, lastName: user.lastName },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountInfoSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
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
