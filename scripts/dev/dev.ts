/**
 * `npm run dev`: the whole embedded default — identity (cognito-local), the reference API with the demo world,
 * the single sign-on stand-in for the user pool's hosted UI (scripts/identity/oidc-hosted-ui.ts, so "Continue with
 * SSO" works with the demo accounts), and the portal (Vite's dev server inside the portal's own server, with hot updates) — on fixed ports, data in ./data.
 * Prints where to sign in and the demo accounts. Ctrl-C stops everything.
 * Environment: PORT (portal, 3000), COGNITO_LOCAL_PORT (9229), API_PORT (4010), SSO_PORT (9230; SSO_PORT=0 or
 * SSO_DOMAIN set: no stand-in), DEV_DATA_DIR (./data), SEED_WORLD (demo | large | none).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { PROJECT_ROOT } from "../identity/cognito-local.js";
import { apiEnv } from "../identity/identity-config.js";
import { demoAccounts } from "../../reference-api/src/seed/demo-accounts.js";
import { ssoCallbackUrl, startHostedUi } from "../identity/oidc-hosted-ui.js";
import { startStack } from "./stack.js";

const dataDir = process.env.DEV_DATA_DIR || join(PROJECT_ROOT, "data");
const portalPort = Number(process.env.PORT ?? 3000);
const stack = await startStack({
  dataDir,
  cognitoPort: Number(process.env.COGNITO_LOCAL_PORT ?? 9229),
  apiPort: Number(process.env.API_PORT ?? 4010),
  world: (process.env.SEED_WORLD as "demo" | "large" | "none" | undefined) ?? "demo",
  log: (m) => console.log(m),
});
const identity = apiEnv(stack.identity);
const ssoPort = Number(process.env.SSO_PORT ?? 9230);
const hostedUi =
  process.env.SSO_DOMAIN || ssoPort === 0
    ? undefined
    : await startHostedUi({ identity: stack.identity, redirectUris: [ssoCallbackUrl(`http://localhost:${portalPort}`)], port: ssoPort });
const portal = spawn("npm", ["run", "-s", "dev:portal"], {
  cwd: PROJECT_ROOT,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(portalPort),
    PROVIDER_API_URL: stack.apiUrl,
    COGNITO_ENDPOINT: identity.COGNITO_ENDPOINT,
    COGNITO_REGION: identity.COGNITO_REGION,
    COGNITO_USER_POOL_ID: stack.identity.userPoolId,
    COGNITO_CLIENT_ID: stack.identity.clientId,
    IDENTITY_FILE: join(dataDir, "identity.json"),
    // The demo's internal staff see the sample Paths and Modules (unless the shell names its own lists).
    PATHS_STAFF_EMAILS: process.env.PATHS_STAFF_EMAILS ?? "productadmin@exer.example",
    MODULES_STAFF_EMAILS: process.env.MODULES_STAFF_EMAILS ?? "productadmin@exer.example,support@exer.example",
    ...(hostedUi ? { SSO_DOMAIN: hostedUi.url } : {}),
    // Nothing balances load to a development portal: stop at once (ADR 029).
    SHUTDOWN_DRAIN_SECONDS: process.env.SHUTDOWN_DRAIN_SECONDS ?? "0",
  },
});
console.log(`\nPortal: http://localhost:${portalPort}/   provider API: ${stack.apiUrl}   identity: ${stack.identity.endpoint}`);
if (hostedUi) console.log(`Single sign-on stand-in (the user pool's hosted UI): ${hostedUi.url} — "Continue with SSO" signs in with a demo account`);
console.log("");
console.log("Demo accounts:");
for (const a of demoAccounts) console.log(`  ${a.email.padEnd(36)} ${(a.groups.join(",") || "(no groups)").padEnd(22)} ${a.description}`);
console.log(`  password (all): ${demoAccounts[0]?.password}\n`);
const stop = async () => {
  portal.kill("SIGTERM");
  await hostedUi?.stop();
  await stack.stop();
  process.exit(0);
};
portal.on("exit", (code) => {
  if (code) console.error(`portal exited with ${code}`);
  void stop();
});
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
