import { describe, expect, it } from "vitest";
import QRCode from "qrcode";
import { mfaCodeSchema } from "../areas/user/forms/mfa";
import { amrAssertsSecondFactor, enrolmentReason, groupedSecret, isExpiredMfaSession, isWrongMfaCode, MFA_ENROL_MS, mfaRequired, otpauthUri, qrSvg, SSO_AMR_CLAIM, SSO_SECOND_FACTOR_MISSING_MESSAGE, ssoSecondFactor } from "./mfa.server";

describe("two-step verification rules (ADR 027)", () => {
  it("always requires it of staff, else as the organization says", () => {
    expect(mfaRequired("EXER_ADMIN", { mfaRequired: false })).toBe(true);
    expect(mfaRequired("EXER_SUPPORT", undefined)).toBe(true);
    expect(mfaRequired("PORTAL_PROVIDER_ADMIN", { mfaRequired: false })).toBe(false);
    expect(mfaRequired("PORTAL_PRACTITIONER", { mfaRequired: true })).toBe(true);
  });

  it("sends a password-only sign-in to enrolment for a staff group or role, or a requiring organization", () => {
    expect(enrolmentReason(["EXER_SUPPORT"], undefined)).toBe("staff");
    expect(enrolmentReason(["PORTAL_PRACTITIONER"], { role: "EXER_ADMIN", organization: { mfaRequired: false } })).toBe("staff");
    expect(enrolmentReason(["PORTAL_PRACTITIONER"], { role: "PORTAL_PRACTITIONER", organization: { mfaRequired: true } })).toBe("organization");
    expect(enrolmentReason(["PORTAL_PROVIDER_ADMIN"], { role: "PORTAL_PROVIDER_ADMIN", organization: { mfaRequired: false } })).toBeUndefined();
    // The API could not be read: the token's groups still decide for staff.
    expect(enrolmentReason(["PORTAL_PRACTITIONER"], undefined)).toBeUndefined();
  });

  it("tells a wrong code from a session that is over", () => {
    for (const name of ["CodeMismatchException", "EnableSoftwareTokenMFAException", "ExpiredCodeException"]) expect(isWrongMfaCode({ name })).toBe(true);
    expect(isWrongMfaCode({ name: "NotAuthorizedException" })).toBe(false);
    expect(isExpiredMfaSession({ name: "NotAuthorizedException" })).toBe(true);
  });
});

describe("the authenticator's QR code", () => {
  const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

  it("carries an otpauth URI with the issuer, the account, SHA-1, 6 digits and 30 s", () => {
    const uri = otpauthUri(secret, "pat o'neil+1@clinic.example");
    expect(uri).toBe(
      "otpauth://totp/Exer%20Provider%20Portal:pat%20o'neil%2B1%40clinic.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Exer%20Provider%20Portal&algorithm=SHA1&digits=6&period=30",
    );
    const parsed = new URL(uri);
    expect(parsed.searchParams.get("secret")).toBe(secret);
    expect(parsed.searchParams.get("issuer")).toBe("Exer Provider Portal");
  });

  it("draws exactly the dark modules of the QR symbol as one path", async () => {
    const text = otpauthUri(secret, "a@b.example");
    const { size, path } = await qrSvg(text);
    const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
    expect(size).toBe(modules.size);
    // Rebuild the grid from the path's runs and compare it with the symbol, module by module.
    const grid = Array.from({ length: size }, () => Array<number>(size).fill(0));
    for (const m of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-?\d+z/g)) {
      const [x, y, w] = [Number(m[1]), Number(m[2]), Number(m[3])];
      for (let i = 0; i < w; i++) grid[y]![x + i] = 1;
    }
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) expect(grid[r]![c], `module ${r},${c}`).toBe(modules.get(r, c) ? 1 : 0);
  });

  it("shows the key in groups of four", () => {
    expect(groupedSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });
});

describe("the code field", () => {
  it("takes 6 digits, ignoring spaces and a dash; says what is wrong otherwise", () => {
    expect(mfaCodeSchema.safeParse({ code: " 123 456 " }).data).toEqual({ code: "123456" });
    expect(mfaCodeSchema.safeParse({ code: "123-456" }).data).toEqual({ code: "123456" });
    expect(mfaCodeSchema.safeParse({ code: "" }).error?.issues[0]?.message).toBe("Enter the 6-digit code from your authenticator app.");
    expect(mfaCodeSchema.safeParse({}).error?.issues[0]?.message).toBe("Enter the 6-digit code from your authenticator app.");
    expect(mfaCodeSchema.safeParse({ code: "12345a" }).error?.issues[0]?.message).toBe("The code is the 6 digits your authenticator app shows.");
  });
});

describe("single sign-on decides the second factor as the password path does (ADR 034)", () => {
  const native = (totp: boolean) => ({ totp, federated: false });
  const federated = { totp: false, federated: true };

  it("a user who need not have one signs in", () => {
    expect(ssoSecondFactor(undefined, native(false), null)).toEqual({ decision: "sign-in" });
    expect(ssoSecondFactor(undefined, federated, null)).toEqual({ decision: "sign-in" });
  });

  it("a native user who must have one: signs in with an authenticator in the pool (the hosted UI asked its code), else enrols first", () => {
    expect(ssoSecondFactor("staff", native(true), null)).toEqual({ decision: "sign-in" });
    expect(ssoSecondFactor("staff", native(false), null)).toEqual({ decision: "enrol", reason: "staff" });
    expect(ssoSecondFactor("organization", native(false), { [SSO_AMR_CLAIM]: "mfa" }), "a native user's claim is not the pool's word").toEqual({ decision: "enrol", reason: "organization" });
  });

  it("a federated user who must have one signs in only when the identity provider asserted it (custom:amr has mfa)", () => {
    expect(ssoSecondFactor("organization", federated, { [SSO_AMR_CLAIM]: '["pwd","mfa"]' })).toEqual({ decision: "sign-in" });
    expect(ssoSecondFactor("organization", federated, { [SSO_AMR_CLAIM]: "pwd" })).toEqual({ decision: "refuse", message: SSO_SECOND_FACTOR_MISSING_MESSAGE });
    expect(ssoSecondFactor("staff", federated, {})).toEqual({ decision: "refuse", message: SSO_SECOND_FACTOR_MISSING_MESSAGE });
    expect(ssoSecondFactor("staff", federated, null)).toEqual({ decision: "refuse", message: SSO_SECOND_FACTOR_MISSING_MESSAGE });
    // Only the named claim counts: the standard `amr` of a token the pool did not map is not read.
    expect(ssoSecondFactor("staff", federated, { amr: ["mfa"] })).toEqual({ decision: "refuse", message: SSO_SECOND_FACTOR_MISSING_MESSAGE });
  });

  it("reads amr as RFC 8176 words: mfa asserts a second factor, a method alone does not", () => {
    expect(amrAssertsSecondFactor("[pwd, mfa]")).toBe(true);
    expect(amrAssertsSecondFactor(["pwd", "MFA"])).toBe(true);
    expect(amrAssertsSecondFactor("otp")).toBe(false);
    expect(amrAssertsSecondFactor("nomfa")).toBe(false);
    expect(amrAssertsSecondFactor("pwd")).toBe(false);
    expect(amrAssertsSecondFactor(undefined)).toBe(false);
    expect(amrAssertsSecondFactor(42)).toBe(false);
  });

  it("the interim state lives at most 5 minutes", () => {
    expect(MFA_ENROL_MS).toBeLessThanOrEqual(5 * 60_000);
  });
});
