/**
 * Every operation of the contract, generically: a describe block per operation (from the bundled contract),
 * each starting from the operation's plan (a valid request, lib/plans.ts).
 *   401 — no token and tampered tokens (secured operations)
 *   400 — {message, status} for missing fields, wrong types, bad formats, unknown enum values, broken bounds,
 *         unknown properties and malformed JSON (deterministic examples + fast-check, fixed seed, bounded)
 *   403 — the wrong role (no groups, a disabled organization, practitioners on admin-only operations, …)
 *   org — another organization's records refused (403/404 as documented) without leaking them; a practitioner's
 *         other locations likewise
 *   the operation's own rules (409s, business 400s) — from its plan
 *   2xx — the valid request, schema-valid (every answer of the suite is validated against the contract)
 *   generated — valid generated bodies / query strings accepted
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAuth, checkGenerated, checkInput, checkOrganization, checkRefusals, checkRoles, checkSuccess, hasInputs } from "./lib/checks.js";
import { operations } from "./lib/contract.js";
import { plans, type Plan } from "./lib/plans.js";
import { cleanupScratch, getWorld, type World } from "./lib/world.js";

let world: World;
beforeAll(async () => {
  world = await getWorld();
});
afterAll(async () => {
  await cleanupScratch();
});

for (const op of operations) {
  describe(`${op.operationId}: ${op.method} ${op.path}`, () => {
    let plan: Plan | undefined;
    let planError: unknown;

    beforeAll(async () => {
      const factory = plans[op.operationId];
      if (!factory) return;
      try {
        plan = await factory(await getWorld());
      } catch (err) {
        planError = err;
      }
    });
    afterAll(async () => {
      await plan?.cleanup?.().catch(() => {});
    });

    // Without a plan (or when building it failed) only the first test fails; the checks that need it skip.
    const need = (ctx: { skip: (note?: string) => void }): Plan => {
      if (!plans[op.operationId] || planError || !plan) ctx.skip("no valid request for this operation (see its first test)");
      return plan!;
    };

    it("has a valid request to start from (its plan)", () => {
      expect(plans[op.operationId], `add a plan for ${op.operationId} to tests/contract/lib/plans.ts`).toBeDefined();
      if (planError) throw planError;
    });

    it.runIf(op.secured)("401 without a token or with a tampered token", async (ctx) => {
      await checkAuth(op, need(ctx));
    });

    it.runIf(hasInputs(op))("400 {message, status} for invalid input (property-based)", async (ctx) => {
      await checkInput(op, need(ctx));
    });

    it.runIf(op.secured)("403 for the wrong role", async (ctx) => {
      await checkRoles(op, need(ctx));
    });

    it("refuses other organizations' records and a practitioner's other locations, leaking nothing", async (ctx) => {
      await checkOrganization(op, need(ctx), world);
    });

    it("applies its own rules (the plan's refusals)", async (ctx) => {
      await checkRefusals(op, need(ctx));
    });

    it("answers the valid request (documented 2xx, schema-valid)", async (ctx) => {
      await checkSuccess(op, need(ctx));
    });

    it("accepts valid generated input", async (ctx) => {
      await checkGenerated(op, need(ctx));
    });
  });
}
