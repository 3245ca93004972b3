import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { accountInfoSchema, changePasswordSchema } from "./account";
import { loginSchema } from "./login";
import { forgotPasswordSchema, resetPasswordSchema } from "./password-reset";
import { signUpSchema } from "./sign-up";

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
    expect(errors(signUpSchema, { intent: "sign-up", password: "a", confirmPassword: "b", terms: "on" })).toEqual({ confirmPassword: ["Password does not match."] });
    // The mismatch shows together with other fields' errors.
    expect(errors(signUpSchema, { intent: "sign-up", password: "a", confirmPassword: "b" })).toEqual({
      confirmPassword: ["Password does not match."],
      terms: ["Please accept the Terms of Service and Privacy Policy to sign up."],
    });
    expect(errors(signUpSchema, { intent: "sign-up", firstName: "", password: "a", confirmPassword: "a", terms: "on" })).toBeNull();
  });

  it("account info and change password", () => {
    expect(errors(accountInfoSchema, { firstName: " ", lastName: "" })).toEqual({ firstName: ["First name is required."], lastName: ["Last name is required."] });
    expect(errors(changePasswordSchema, { oldPassword: "", newPassword: "", confirmPassword: "" })).toEqual({
      oldPassword: ["Old password is required"],
      newPassword: ["New password is required"],
      confirmPassword: ["Passwords must match"],
    });
    expect(errors(changePasswordSchema, { oldPassword: "a", newPassword: "b", confirmPassword: "c" })).toEqual({ confirmPassword: ["Passwords must match"] });
    expect(errors(changePasswordSchema, { oldPassword: "", newPassword: "b", confirmPassword: "c" })).toEqual({ oldPassword: ["Old password is required"], confirmPassword: ["Passwords must match"] });
  });
});
