/**
 * `npm run api`: the identity service and the reference API with demo data on fixed ports (9229, 4010),
 * data in ./data. Prints the demo accounts. Ctrl-C stops everything.
 */
import { demoAccounts } from "../../reference-api/src/seed/demo-accounts.js";
import { startStack } from "./stack.js";

const stack = await startStack({
  dataDir: process.env.DEV_DATA_DIR || undefined,
  cognitoPort: Number(process.env.COGNITO_LOCAL_PORT ?? 9229),
  apiPort: Number(process.env.API_PORT ?? 4010),
  world: (process.env.SEED_WORLD as "demo" | "large" | "none" | undefined) ?? "demo",
  inheritOutput: true,
  log: (m) => console.log(m),
});
console.log(`\nProvider API: ${stack.apiUrl}   identity: ${stack.identity.endpoint} (pool ${stack.identity.userPoolId}, client ${stack.identity.clientId})\n`);
console.log("Demo accounts (password for all: see below):");
for (const a of demoAccounts) console.log(`  ${a.email.padEnd(36)} ${a.groups.join(",") || "(no groups)"}  — ${a.description}`);
console.log(`  password: ${demoAccounts[0]?.password}\n`);
const stop = async () => {
  await stack.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
