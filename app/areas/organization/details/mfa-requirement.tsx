/**
 * The organization's two-step verification requirement (ADR 027; not the spec's): shown to every member, changed
 * by its admins with one button (a plain form post: works without JavaScript).
 */
import { Form } from "react-router";
import { SubmitButton } from "../../../components/submit-button";

export const MFA_REQUIREMENT_INTENT = "mfa-requirement";
export const MFA_REQUIRED_SAVED = "Two-step verification is now required for every provider of the organization.";
export const MFA_NOT_REQUIRED_SAVED = "Two-step verification is no longer required.";
export const MFA_REQUIREMENT_FAILED = "Could not change the two-step verification setting. Please try again.";

export function MfaRequirementSection({ required, canEdit }: { required: boolean; canEdit: boolean }) {
  return (
    <section className="mfa-requirement" aria-labelledby="mfa-requirement-title">
      <h2 id="mfa-requirement-title">Two-Step Verification</h2>
      <p>
        {required
          ? "Required: every provider signs in with a password and a code from an authenticator app. Providers without one set it up at their next sign-in. Providers who sign in with SSO use their identity provider's verification."
          : "Not required: each provider may turn it on in their account."}
      </p>
      {canEdit ? (
        <Form method="post">
          <input type="hidden" name="intent" value={MFA_REQUIREMENT_INTENT} />
          <input type="hidden" name="mfaRequired" value={required ? "false" : "true"} />
          <SubmitButton className="button" pendingWhen={{ intent: MFA_REQUIREMENT_INTENT }} pendingText="Saving…">
            {required ? "Stop Requiring Two-Step Verification" : "Require Two-Step Verification"}
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
