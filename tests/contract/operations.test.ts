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
import { fileWorld } from "./lib/world.js";

const world = fileWorld();

for (const op of operations) {
  describe(`${op.operationId}: ${op.method} ${op.path}`, () => {
    let plan: Plan | undefined;
    let planError: unknown;

    beforeAll(async () => {
      const factory = plans[op.operationId];
      if (!factory) return;
      try {
        plan = await factory(world);
      } catch (err) {
        planError = err;
      }
    });
    afterAll(async () => {
      await plan?.cleanup?.().catch(() => {});
    });

    // Without a plan (or when building it failed) every check of the operation fails, naming the cause.
    const need = (): Plan => {
      if (!plans[op.operationId] || planError || !plan) throw new Error(`no valid request for ${op.operationId} (see its first test)`);
      return plan;
    };

    it("has a valid request to start from (its plan)", () => {
      expect(plans[op.operationId], `add a plan for ${op.operationId} to tests/contract/lib/plans.ts`).toBeDefined();
      if (planError) throw planError;
    });

    // Checks that do not apply to an operation (no token to refuse, no input to break) are not registered;
    // the conformance table shows them as "not applicable".
    if (op.secured) it("401 without a token or with a tampered token", async () => {
      await checkAuth(op, need());
    });

    if (hasInputs(op)) it("400 {message, status} for invalid input (property-based)", async () => {
      await checkInput(op, need());
    });

    if (op.secured) it("403 for the wrong role", async () => {
      await checkRoles(op, need());
    });

    it("refuses other organizations' records and a practitioner's other locations, leaking nothing", async () => {
      await checkOrganization(op, need(), world);
    });

    it("applies its own rules (the plan's refusals)", async () => {
      await checkRefusals(op, need());
    });

    it("answers the valid request (documented 2xx, schema-valid)", async () => {
      await checkSuccess(op, need());
    });

    it("accepts valid generated input", async () => {
      await checkGenerated(op, need());
    });
  });
}
