/**
 * Sign-in with remix-auth's form strategy against the user pool (USER_PASSWORD_AUTH). remix-auth 4 does no
 * session handling: the login action stores the tokens it returns with `startSession`.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { signInWithPassword, type IdentityTokens } from "./identity.server";

export const PASSWORD_STRATEGY = "user-password";

export const authenticator = new Authenticator<IdentityTokens>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    return signInWithPassword(email, password, request.signal);
  }),
  PASSWORD_STRATEGY,
);
