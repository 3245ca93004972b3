/**
 * Setting up an authenticator app (ADR 027): the QR code (an SVG drawn by the server: it shows without
 * JavaScript and loads nothing), the same secret as text for apps that cannot scan, and what to do; and the form
 * that takes the app's code (the sign-in's code step, the account screen's set-up).
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useLazyValidation } from "../forms/lazy-validation";
import { Form } from "react-router";
import type { EnrolmentView } from "../auth/mfa.server";
import { ErrorList } from "./field";
import { SubmitButton } from "./submit-button";

const QUIET_ZONE = 4;

export function TotpQrCode({ qr }: { qr: EnrolmentView["qr"] }) {
  const side = qr.size + QUIET_ZONE * 2;
  return (
    <svg
      className="totp-qr"
      role="img"
      aria-label="QR code to scan with your authenticator app"
      viewBox={`0 0 ${side} ${side}`}
      width="192"
      height="192"
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={qr.path} transform={`translate(${QUIET_ZONE} ${QUIET_ZONE})`} fill="#000000" />
    </svg>
  );
}

export function TotpEnrolment({ view }: { view: EnrolmentView }) {
  return (
    <div className="totp-enrolment">
      <ol className="totp-steps">
        <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
        <li>
          Scan this QR code with it:
          <TotpQrCode qr={view.qr} />
          Or enter this key by hand (account <strong>{view.account}</strong>, time-based):
          <code className="totp-secret" aria-label="Setup key">
            {view.secret}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
    </div>
  );
}

/** The authenticator code's form: one 'Authentication code' field (checked in the browser, then by the identity service) and its button. */
export function AuthenticationCodeForm({ id, lastResult, submitLabel }: { id: string; lastResult: SubmissionResult<string[]> | null | undefined; submitLabel: string }) {
  const [form, fields] = useForm({
    id,
    lastResult,
    ...useLazyValidation(id, () => import("../areas/user/forms/mfa"), (m) => m.mfaCodeSchema, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const { key, ...codeProps } = getInputProps(fields.code, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.code.id}>Authentication code</label>
        <input key={key} {...codeProps} inputMode="numeric" autoComplete="one-time-code" maxLength={9} />
        <ErrorList id={fields.code.errorId} errors={fields.code.errors} />
      </div>
      <SubmitButton pendingText="Verifying…">{submitLabel}</SubmitButton>
    </Form>
  );
}
