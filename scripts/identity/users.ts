/** Test and demo users made directly in the identity service (admin API: cognito-local, or AWS credentials). */
import { randomUUID } from "node:crypto";
import { AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminSetUserPasswordCommand } from "@aws-sdk/client-cognito-identity-provider";
import { createIdentityClient } from "./client.js";

export interface NewUser {
  email: string;
  password: string;
  groups?: string[];
  givenName?: string;
  familyName?: string;
}

/**
 * Creates a confirmed user with a verified e-mail and a permanent password (no e-mail is sent), in `groups`.
 * The username is a new UUID (the pool takes e-mails as an alias, not as usernames). Returns it.
 */
export async function createIdentityUser(target: { endpoint?: string; region: string; userPoolId: string }, user: NewUser): Promise<{ username: string }> {
  const client = createIdentityClient({ endpoint: target.endpoint, region: target.region });
  const username = randomUUID();
  const pool = { UserPoolId: target.userPoolId, Username: username };
  try {
    await client.send(
      new AdminCreateUserCommand({
        ...pool,
        MessageAction: "SUPPRESS",
        TemporaryPassword: user.password,
        UserAttributes: [
          { Name: "email", Value: user.email },
          { Name: "email_verified", Value: "true" },
          ...(user.givenName ? [{ Name: "given_name", Value: user.givenName }] : []),
          ...(user.familyName ? [{ Name: "family_name", Value: user.familyName }] : []),
        ],
      }),
    );
    await client.send(new AdminSetUserPasswordCommand({ ...pool, Password: user.password, Permanent: true }));
    for (const group of user.groups ?? []) await client.send(new AdminAddUserToGroupCommand({ ...pool, GroupName: group }));
  } finally {
    client.destroy();
  }
  return { username };
}
