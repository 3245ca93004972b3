/**
 * Test data through the real services of this run's stack (tests create the data they need):
 * - `tokensOf(email)`: a demo account's tokens from the identity service (scripts/identity/sign-in.ts);
 * - `apiAs(email)`: the provider API's typed client (openapi-fetch) with that account's access token;
 * - `createIdentityUser()`: a fresh identity-service account (optionally in groups), unique per call.
 */
import { AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminSetUserPasswordCommand } from "@aws-sdk/client-cognito-identity-provider";
import { randomUUID } from "node:crypto";
import createClient from "openapi-fetch";
import type { paths } from "../../../openapi/provider-api.js";
import { DEMO_PASSWORD, demoAccounts, type DemoAccount } from "../../../reference-api/src/seed/demo-accounts.js";
import { createIdentityClient } from "../../../scripts/identity/client.js";
import { signIn, type Tokens } from "../../../scripts/identity/sign-in.js";
import { readState } from "../../setup/state.js";

export { DEMO_PASSWORD };

/** A demo account by e-mail (reference-api/src/seed/demo-accounts.ts). */
export function demo(email: string): DemoAccount {
  const a = demoAccounts.find((x) => x.email === email);
  if (!a) throw new Error(`no demo account ${email}`);
  return a;
}

export const PRACTITIONER = demo("practitioner@frontrange.example");
export const PROVIDER_ADMIN = demo("admin@frontrange.example");
export const SCAN_ONLY = demo("scan@scanonly.example");
export const PRODUCT_ADMIN = demo("productadmin@exer.example");
export const NO_GROUPS = demo("nogroups@frontrange.example");

export async function tokensOf(login: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const { identity } = readState();
  return signIn({ endpoint: identity.endpoint, region: identity.region, clientId: identity.clientId, username: login, password });
}

/** The provider API as this user: `const { data, error } = await (await apiAs(email)).GET("/v2/users/current")`. */
export async function apiAs(login: string, password = DEMO_PASSWORD) {
  const { accessToken } = await tokensOf(login, password);
  return createClient<paths>({ baseUrl: readState().apiUrl, headers: { Authorization: `Bearer ${accessToken}` } });
}

export interface NewIdentityUser {
  username: string;
  email: string;
  password: string;
}

/** A new, confirmed identity-service user with a verified e-mail, in `groups` (none by default). */
export async function createIdentityUser(opts: { groups?: string[]; emailDomain?: string; givenName?: string; familyName?: string } = {}): Promise<NewIdentityUser> {
  const { identity } = readState();
  const client = createIdentityClient({ endpoint: identity.endpoint, region: identity.region });
  const username = randomUUID();
  const email = `e2e-${username.slice(0, 8)}@${opts.emailDomain ?? "e2e.example"}`;
  const password = `E2e-${username.slice(0, 8)}-Pw1!`;
  try {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: identity.userPoolId,
        Username: username,
        MessageAction: "SUPPRESS",
        TemporaryPassword: password,
        UserAttributes: [
          { Name: "email", Value: email },
          { Name: "email_verified", Value: "true" },
          ...(opts.givenName ? [{ Name: "given_name", Value: opts.givenName }] : []),
          ...(opts.familyName ? [{ Name: "family_name", Value: opts.familyName }] : []),
        ],
      }),
    );
    await client.send(new AdminSetUserPasswordCommand({ UserPoolId: identity.userPoolId, Username: username, Password: password, Permanent: true }));
    for (const group of opts.groups ?? []) {
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: identity.userPoolId, Username: username, GroupName: group }));
    }
  } finally {
    client.destroy();
  }
  return { username, email, password };
}
