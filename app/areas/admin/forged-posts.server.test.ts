/**
 * Forged admin posts answer 400 with a readable message at the field the form shows (issue 34: `products=XRAY`,
 * `updateRequired=maybe` and a forged icon name got the validator's text or no message; a forged modules draft
 * reached the user as `scanModules[0].name: …`, now 'Scan module 1: …', app/api/readable-error.test.ts). Through the
 * route actions themselves, before any API call.
 */
import { describe, expect, it } from "vitest";
import { adminOrganizationsAction } from "./organizations/organizations-route.server";
import { clientVersionsAction } from "./client-versions/client-versions-route.server";
import { modulesAction } from "./modules/modules-route.server";
import { INTENTS } from "./organizations/organizations";
import { DRAFT_UNREADABLE } from "./modules/modules-draft";
import { NOT_OFFERED } from "../../forms/fields";

const ORG = "00000000-0000-4000-8000-000000000001";
const context = { get: () => ({ user: { role: "EXER_ADMIN", userId: "u" } }) } as never;
const post = (url: string, fields: [string, string][]) =>
  new Request(`http://portal.test${url}`, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
type Reply = { data: { result?: { error?: Record<string, string[] | null> }; dialog?: unknown }; init: { status: number } };

describe("forged admin posts (issue 34)", () => {
  it("Add New Organization: products=XRAY is refused at Products, in words", async () => {
    const fields: [string, string][] = [
      ["intent", INTENTS.create],
      ["orgName", "Mountain View Rehab"],
      ["orgTimezone", "America/Denver"],
      ["products", "XRAY"],
      ["firstName", "Alex"],
      ["lastName", "Moreno"],
      ["email", "alex@mountainview.example"],
      ["role", "PORTAL_PROVIDER_ADMIN"],
      ["locationName", "Boulder Clinic"],
      ["locationTimezone", "America/Denver"],
    ];
    const reply = (await adminOrganizationsAction({ request: post("/admin/organizations/?add=1", fields), context, params: {} } as never)) as unknown as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result?.error).toEqual({ products: [NOT_OFFERED] });
  });

  it("Edit Scan Version: updateRequired=maybe is refused at Update Required, in words", async () => {
    const request = post("/admin/scan/client-versions/?edit=2.18.3", [["versionId", "2.18.3"], ["updateRequired", "maybe"]]);
    const reply = (await clientVersionsAction({ request, context, params: {} } as never)) as unknown as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result?.error).toEqual({ updateRequired: [NOT_OFFERED] });
  });

  it("the modules editor: a forged icon name is refused at Image, the dialog kept open; an unreadable draft is a 400 in words", async () => {
    const draft = JSON.stringify({
      changed: false,
      modules: [{ key: "m1", name: "Balance", subtitle: "Standing", imageName: "Assessment", isLocked: false, imageUrl: null, assessments: [] }],
    });
    const url = `/admin/scan/organizations/${ORG}/modules`;
    const fields: [string, string][] = [["draft", draft], ["intent", "save-module"], ["target", "m1"], ["name", "Balance"], ["subtitle", "Standing"], ["imageName", "Skull"], ["isLocked", "false"]];
    const reply = (await modulesAction({ request: post(url, fields), context, params: { organizationId: ORG } } as never)) as unknown as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.result?.error).toEqual({ imageName: [NOT_OFFERED] });
    expect(reply.data.dialog).toEqual({ kind: "edit-module", module: "m1" });

    const forged = modulesAction({ request: post(url, [["draft", '{"modules":"all"}'], ["intent", "save"]]), context, params: { organizationId: ORG } } as never);
    await expect(forged).rejects.toMatchObject({ data: { message: DRAFT_UNREADABLE }, init: { status: 400 } });
  });
});
