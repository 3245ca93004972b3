/** The demo accounts benchmarks sign in with (reference-api/src/seed/demo-accounts.ts). */
import { demoAccounts, type DemoAccount } from "../../../reference-api/src/seed/demo-accounts.js";

export function demoAccount(email: string): DemoAccount {
  const account = demoAccounts.find((a) => a.email === email);
  if (!account) throw new Error(`no demo account ${email}`);
  return account;
}
