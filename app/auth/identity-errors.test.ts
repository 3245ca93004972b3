import { describe, expect, it } from "vitest";
import { changePasswordErrorField, identityMessage, isLockedOut, isUnknownUser, isWrongCredentials, resetErrorField, resetMessage } from "./identity-errors";

const sdkError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe("identity errors", () => {
  it("treats Cognito's and cognito-local's wrong-password errors alike", () => {
    expect(isWrongCredentials(sdkError("NotAuthorizedException", "Incorrect username or password."))).toBe(true);
    expect(isWrongCredentials(sdkError("InvalidPasswordException", "Invalid password"))).toBe(true);
    expect(isWrongCredentials(sdkError("UserNotFoundException", "User does not exist."))).toBe(true);
    expect(isWrongCredentials(new TypeError("fetch failed"))).toBe(false);
  });

  it("tells the service's lockout (5 failures: 'Password attempts exceeded') from a wrong password", () => {
    const locked = sdkError("NotAuthorizedException", "Password attempts exceeded");
    expect(isLockedOut(locked)).toBe(true);
    expect(isWrongCredentials(locked), "not counted as a wrong password: it was not checked").toBe(false);
    expect(isLockedOut(sdkError("NotAuthorizedException", "Incorrect username or password."))).toBe(false);
    expect(isLockedOut(sdkError("TooManyRequestsException", "Password attempts exceeded"))).toBe(false);
  });

  it("shows the service's own message, else the fallback", () => {
    expect(identityMessage(sdkError("CodeMismatchException", "Invalid verification code provided, please try again."), "x")).toBe(
      "Invalid verification code provided, please try again.",
    );
    expect(identityMessage(new TypeError("fetch failed"), "Could not update password.")).toBe("Could not update password.");
  });

  it("puts errors on the right field", () => {
    expect(resetErrorField(sdkError("CodeMismatchException", ""))).toBe("code");
    expect(resetErrorField(sdkError("ExpiredCodeException", ""))).toBe("code");
    expect(resetErrorField(sdkError("InvalidPasswordException", "Password does not conform to policy"))).toBe("password");
    expect(changePasswordErrorField(sdkError("NotAuthorizedException", "Incorrect username or password."))).toBe("oldPassword");
    expect(changePasswordErrorField(sdkError("InvalidPasswordException", ""))).toBe("newPassword");
  });
});

describe("unknown accounts", () => {
  it("are recognised so the reset flow can hide them", () => {
    expect(isUnknownUser(sdkError("UserNotFoundException", "User does not exist."))).toBe(true);
    expect(isUnknownUser(sdkError("CodeMismatchException", ""))).toBe(false);
    expect(isUnknownUser(new TypeError("fetch failed"))).toBe(false);
  });

  it("read like a wrong verification code at the reset step", () => {
    const wrongCode = resetMessage(sdkError("CodeMismatchException", "Incorrect confirmation code"), "x");
    expect(wrongCode).toBe("Invalid verification code provided, please try again.");
    expect(resetMessage(sdkError("UserNotFoundException", "User not found"), "x")).toBe(wrongCode);
    expect(resetMessage(sdkError("ExpiredCodeException", "Code expired"), "x")).toBe("Code expired");
  });
});
