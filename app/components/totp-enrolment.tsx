/**
 * Setting up an authenticator app (ADR 027): the QR code (an SVG drawn by the server: it shows without
 * JavaScript and loads nothing), the same secret as text for apps that cannot scan, and what to do.
 */
import type { EnrolmentView } from "../auth/mfa.server";

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
