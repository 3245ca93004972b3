import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { SERVER_PASSWORD_RULE } from "../../../auth/password.server";
import { accountInfoSchema, changePasswordSchema, makeChangePasswordSchema } from "./account";
import { loginSchema } from "./login";
import { forgotPasswordSchema, makeResetPasswordSchema, resetPasswordSchema } from "./password-reset";
import { makeSignUpSchema, signUpSchema } from "./sign-up";
import { notSingleLine } from "../../../domain/single-line";

const form = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
};
const errors = (schema: Parameters<typeof parseWithZod>[1]["schema"], entries: Record<string, string>) => {
  const s = parseWithZod(form(entries), { schema });
  return s.status === "error" ? s.error : null;
};

describe("the spec's validation messages (000 §5), verbatim", () => {
  it("login", () => {
    expect(errors(loginSchema, { email: "", password: "" })).toEqual({ email: ["Email is required."], password: ["Password is required."] });
    expect(errors(loginSchema, { email: "nope", password: "x" })).toEqual({ email: ["Email must be valid."] });
    expect(errors(loginSchema, { email: " maya@frontrange.example ", password: "x" })).toBeNull();
  });

  it("forgot and reset password", () => {
    expect(errors(forgotPasswordSchema, { email: "" })).toEqual({ email: ["Email is required."] });
    expect(errors(forgotPasswordSchema, { email: "a@" })).toEqual({ email: ["Email must be valid."] });
    expect(errors(resetPasswordSchema, { code: "", password: "" })).toEqual({ code: ["Verification code is required."], password: ["Password is required."] });
  });

  it("sign-up", () => {
    expect(errors(signUpSchema, { intent: "sign-up", password: "", confirmPassword: "" })).toEqual({
      password: ["Password is required."],
      confirmPassword: ["Password is required."],
      terms: ["Please accept the Terms of Service and Privacy Policy to sign up."],
    });
    expect(errors(signUpSchema, { intent: "sign-up", password: "lantern-tidal-42", confirmPassword: "b", terms: "on" })).toEqual({ confirmPassword: ["Password does not match."] });
    // The mismatch shows together with other fields' errors.
    expect(errors(signUpSchema, { intent: "sign-up", password: "lantern-tidal-42", confirmPassword: "b" })).toEqual({
      confirmPassword: ["Password does not match."],
      terms: ["Please accept the Terms of Service and Privacy Policy to sign up."],
    });
    expect(errors(signUpSchema, { intent: "sign-up", firstName: "", password: "lantern-tidal-42", confirmPassword: "lantern-tidal-42", terms: "on" })).toBeNull();
  });

  it("account info and change password", () => {
    expect(errors(accountInfoSchema, { firstName: " ", lastName: "" })).toEqual({ firstName: ["First name is required."], lastName: ["Last name is required."] });
    expect(errors(changePasswordSchema, { oldPassword: "", newPassword: "", confirmPassword: "" })).toEqual({
      oldPassword: ["Old password is required"],
      newPassword: ["New password is required"],
      confirmPassword: ["Passwords must match"],
    });
    expect(errors(changePasswordSchema, { oldPassword: "a", newPassword: "lantern-tidal-42", confirmPassword: "c" })).toEqual({ confirmPassword: ["Passwords must match"] });
    expect(errors(changePasswordSchema, { oldPassword: "", newPassword: "lantern-tidal-42", confirmPassword: "c" })).toEqual({ oldPassword: ["Old password is required"], confirmPassword: ["Passwords must match"] });
  });

  it("every new password follows the password rule: too short, and (on the server) too common, at its field", () => {
    const short = "Password must be at least 12 characters.";
    const common = "This password is too common and easy to guess. Please choose another.";
    expect(errors(signUpSchema, { intent: "sign-up", password: "Abcdefg1", confirmPassword: "Abcdefg1", terms: "on" })).toEqual({ password: [short] });
    expect(errors(resetPasswordSchema, { code: "123456", password: "Abcdefg1" })).toEqual({ password: [short] });
    expect(errors(changePasswordSchema, { oldPassword: "x", newPassword: "Abcdefg1", confirmPassword: "Abcdefg1" })).toEqual({ newPassword: [short] });
    expect(errors(makeSignUpSchema(SERVER_PASSWORD_RULE), { intent: "sign-up", password: "Qwerty123456", confirmPassword: "Qwerty123456", terms: "on" })).toEqual({ password: [common] });
    expect(errors(makeResetPasswordSchema(SERVER_PASSWORD_RULE), { code: "123456", password: "qwerty123456" })).toEqual({ password: [common] });
    expect(errors(makeChangePasswordSchema(SERVER_PASSWORD_RULE), { oldPassword: "x", newPassword: "password1234", confirmPassword: "password1234" })).toEqual({ newPassword: [common] });
    // Required stays the spec's message alone.
    expect(errors(makeResetPasswordSchema(SERVER_PASSWORD_RULE), { code: "1", password: "" })).toEqual({ password: ["Password is required."] });
    // Sign-in is not a new password: any password is sent to the identity service.
    expect(errors(loginSchema, { email: "maya@frontrange.example", password: "Abcdefg1" })).toBeNull();
  });
});

describe("names are one line (ADR 036)", () => {
  it("the account's names: a line break or a control character is refused at the field, with the field's name", () => {
    expect(errors(accountInfoSchema, { firstName: "Ana\r\nX-Injected: 1", lastName: "Ri\tvera" })).toEqual({ firstName: [notSingleLine("First name")], lastName: [notSingleLine("Last name")] });
    expect(errors(accountInfoSchema, { firstName: "Ana María", lastName: "Rivera-Núñez" })).toBeNull();
  });
});
