/**
 * Admin scan analysis and client versions (issue 13; spec 003 §2 "Scan analysis page", "Scan client versions",
 * §4, §5, §8; ADR 015):
 * 1. On a new SCAN organization: no outcomes yet; Add Assessment Analysis opens the dialog in edit mode with a
 *    template; 'Invalid JSON.'; 'Could not parse organization scan outcome.' with the JSON kept; the API's refusal
 *    with the JSON kept; the preview; Save ('Successfully saved Scan outcome'), the read view and the new card.
 * 2. The research organization's outcome of one assessment (per project, so the two projects never share one),
 *    edited in the dialog to a single factor, is the one a research practitioner's session analysis uses; the
 *    original is restored afterwards (no other spec reads the research organization's outcomes).
 * 3. Client versions: a product admin toggles Update Required (restored afterwards); the latest has no Edit;
 *    support staff see no Edit, get 403 for the dialog's URL and for a post; a provider admin is sent to `/`.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, demo, PRODUCT_ADMIN, PROVIDER_ADMIN, SUPPORT } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { expectFieldError, expectToast, submitBadInput } from "./helpers/ui.js";
import type { components } from "../../openapi/provider-api.js";

type ScanOutcome = components["schemas"]["ScanOutcome"];
type ClientVersion = components["schemas"]["ScanClientVersion"];

// Each test walks a whole story (several pages, each checked for accessibility).
test.describe.configure({ timeout: 90_000 });

const RESEARCH = demo("research@research.example");
const RESEARCH_ORG = "Rocky Mountain Movement Research Institute";
const analysisPath = (orgId: string) => `/admin/scan/organizations/${orgId}/analysis`;
const VERSIONS = "/admin/scan/client-versions/";

async function adminApi() {
  return apiAs(PRODUCT_ADMIN.email);
}

async function switchUser(page: Page, who: Parameters<typeof useSession>[1]) {
  await page.context().clearCookies();
  await useSession(page, who);
}

/** A valid outcome of `assessmentId` with one factor that every value (0 and up) chooses. */
function oneFactorOutcome(base: Pick<ScanOutcome, "assessmentId" | "resultDefinitionId">, label: string, units: string): ScanOutcome {
  const type = units === "m/s" ? "SPEED" : units === "reps" ? "REPS" : units === "in" || units === "cm" ? "DISTANCE" : "TIME";
  return {
    type: "FALL",
    assessmentId: base.assessmentId,
    demographicsRequired: null,
    factors: [{ category: "HIGH", description: `${label}: chosen for every value.`, shortDescription: label, criteria: [{ type, units, conditions: [{ comparator: "gte", value: 0 }] }] }],
    source: "E2E source",
    title: `${label} rule`,
    description: "An E2E rule.",
    resultDefinitionId: base.resultDefinitionId,
    leftResultDefinitionId: null,
    rightResultDefinitionId: null,
  };
}

test.describe("admin scan analysis", () => {
  test("a new organization's analysis: add, the JSON's refusals with the JSON kept, the preview, save", async ({ page }) => {
    const api = await adminApi();
    const created = await api.POST("/v2/admin/organizations", {
      body: {
        orgName: `E2E Analysis ${randomUUID().slice(0, 8)}`,
        timezone: "America/Denver",
        products: ["SCAN"],
        practitioner: { firstName: "Ana", lastName: "Lysis", email: `e2e-${randomUUID().slice(0, 8)}@e2e.example`, role: "PORTAL_PROVIDER_ADMIN" },
        location: { name: "E2E Scan Room", timezone: "America/Denver" },
      },
    });
    expect(created.data, JSON.stringify(created.error)).toBeDefined();
    const org = created.data!;
    const assessments = (await api.GET("/v2/scan/assessments")).data ?? [];
    const gaitSpeed = assessments.find((a) => a.id === "AST-0018")!;

    await useSession(page, PRODUCT_ADMIN);
    await page.goto(analysisPath(org.id));
    await expect(page.getByRole("heading", { level: 1, name: org.name })).toBeVisible();
    await expect(page.getByText("No Outcome Data For That Org.")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Assessment", { exact: true }).selectOption("AST-0018");
    await page.getByRole("button", { name: "Add Assessment Analysis" }).click();
    await expect(page).toHaveURL(/assessment=AST-0018&mode=edit/);
    const dialog = page.getByRole("dialog", { name: `${gaitSpeed.name} Analysis` });
    const json = dialog.getByLabel("Analysis JSON");
    await expect(json).toHaveValue(/"assessmentId": "AST-0018"/);
    await expect(dialog.getByText("This analysis has no risk factors yet.")).toBeVisible();
    await expectAccessible(page);

    // Not JSON: with JavaScript the check runs 1 s after typing stops; without, Preview asks the server.
    await json.fill("{ not json");
    if (!jsEnabled()) await submitBadInput(dialog.getByRole("button", { name: "Preview" }));
    await expectFieldError(json, "Invalid JSON.");

    // JSON, but not an outcome: refused by the schema (in the browser and by the server on Save), the JSON kept.
    const notOutcome = '{"type": "FALL", "assessmentId": "AST-0018"}';
    await json.fill(notOutcome);
    if (jsEnabled()) await expectFieldError(json, "Could not parse organization scan outcome.");
    await submitBadInput(dialog.getByRole("button", { name: "Save" }));
    await expectFieldError(json, "Could not parse organization scan outcome.");
    await expect(json).toHaveValue(notOutcome);

    // An outcome of the right shape that cannot work (issue 25): the rule's check (the API's own, ADR 031) names
    // the factor and the key, in the browser and on Save; the JSON kept, its preview shown.
    const good = oneFactorOutcome({ assessmentId: "AST-0018", resultDefinitionId: "gaitSpeed" }, "E2E Every Speed", "m/s");
    const speed = (comparator: "gt" | "lt", value: number) => [{ type: "SPEED" as const, units: "m/s", conditions: [{ comparator, value }] }];
    const overlapping = { ...good, factors: [{ ...good.factors[0]!, category: "LOW" as const, criteria: speed("gt", 5) }, { ...good.factors[0]!, criteria: speed("lt", 10) }] };
    const refused = JSON.stringify({ ...overlapping, resultDefinitionId: null, leftResultDefinitionId: "left" }, null, 2);
    await json.fill(refused);
    const overlap = "factors[1].criteria[0].conditions: factor 1 (LOW) and factor 2 (HIGH) both match SPEED > 5 and < 10 m/s: every value must select exactly one factor";
    if (jsEnabled()) await expectFieldError(json, "leftResultDefinitionId: must be null for a FALL outcome");
    await submitBadInput(dialog.getByRole("button", { name: "Save" }));
    await expectFieldError(json, "resultDefinitionId: is required for a FALL outcome");
    await expectFieldError(json, "leftResultDefinitionId: must be null for a FALL outcome (it reads resultDefinitionId)");
    await expect(json).toHaveValue(refused);
    await json.fill(JSON.stringify(overlapping, null, 2));
    await submitBadInput(dialog.getByRole("button", { name: "Save" }));
    await expectFieldError(json, overlap);

    // The preview of a good one, then Save: the toast and the read view.
    await json.fill(JSON.stringify(good, null, 2));
    if (!jsEnabled()) await dialog.getByRole("button", { name: "Preview" }).click();
    const preview = dialog.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: "E2E Every Speed rule" })).toBeVisible();
    await expect(preview.getByRole("table", { name: "Risk factors" })).toContainText(">= 0 m/s");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Successfully saved Scan outcome");
    await expect(page).toHaveURL(new RegExp(`${analysisPath(org.id)}\\?assessment=AST-0018$`));
    const read = page.getByRole("dialog", { name: `${gaitSpeed.name} Analysis` });
    await expect(read.getByRole("heading", { name: "E2E Every Speed rule" })).toBeVisible();
    await expect(read.getByText("gaitSpeed")).toBeVisible();
    await expect(read.getByText("E2E source")).toBeVisible();
    await expect(read.getByRole("img", { name: /^Risk scale from High Risk \(>= 0 m\/s\)\.$/ })).toBeVisible();
    await expectAccessible(page);
    await read.getByRole("link", { name: "Close" }).last().click();
    await expect(page.getByRole("link", { name: `Open ${gaitSpeed.name} Analysis` })).toBeVisible();
    const saved = (await api.GET("/v2/admin/scan/organizations/{orgId}/outcomes/risk-factors", { params: { path: { orgId: org.id } } })).data;
    expect(saved).toEqual([good]);
  });

  test("a saved analysis is the one a scan session's analysis uses", async ({ page }) => {
    const api = await adminApi();
    const orgs = (await api.GET("/v2/admin/organizations")).data ?? [];
    const research = orgs.find((o) => o.name === RESEARCH_ORG);
    expect(research, "the research organization").toBeDefined();
    // One assessment per project: the two projects may run at the same time.
    const assessmentId = jsEnabled() ? "AST-0020" : "AST-0010";
    const outcomes = (await api.GET("/v2/admin/scan/organizations/{orgId}/outcomes/risk-factors", { params: { path: { orgId: research!.id } } })).data ?? [];
    const original = outcomes.find((o) => o.assessmentId === assessmentId);
    expect(original, `the research organization's ${assessmentId} outcome`).toBeDefined();
    const sessions = (await (await apiAs(RESEARCH.email)).GET("/v2/scan/sessions/pages", { params: { query: { page: 1, limit: 999 } } })).data?.items ?? [];
    const session = sessions.find((s) => s.session.data.assessmentId === assessmentId && s.location && s.session.data.results.some((r) => r.id === original!.resultDefinitionId));
    expect(session, `a research session of ${assessmentId}`).toBeDefined();
    const result = session!.session.data.results.find((r) => r.id === original!.resultDefinitionId)!;
    const label = `E2E Marked ${jsEnabled() ? "JS" : "No-JS"}`;
    const changed = oneFactorOutcome(original!, label, result.units);

    try {
      await useSession(page, PRODUCT_ADMIN);
      const assessmentName = (await api.GET("/v2/scan/assessments")).data!.find((a) => a.id === assessmentId)!.name;
      await page.goto(`${analysisPath(research!.id)}?assessment=${assessmentId}`);
      const dialog = page.getByRole("dialog", { name: `${assessmentName} Analysis` });
      await expect(dialog.getByRole("heading", { name: original!.title })).toBeVisible();
      await expect(dialog.getByRole("table", { name: "Risk factors" }).locator("tbody tr")).toHaveCount(original!.factors.length);
      await expectAccessible(page);
      await dialog.getByRole("link", { name: "Edit" }).click();
      await expect(page).toHaveURL(/mode=edit/);
      const json = dialog.getByLabel("Analysis JSON");
      await expect(json).toHaveValue(new RegExp(`"assessmentId": "${assessmentId}"`));
      await expectAccessible(page);
      await json.fill(JSON.stringify(changed, null, 2));
      await dialog.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Successfully saved Scan outcome");
      await expect(dialog.getByRole("heading", { name: `${label} rule` })).toBeVisible();
      await expectAccessible(page);

      // The research practitioner's analysis of a session of that assessment chooses the new factor.
      await switchUser(page, RESEARCH);
      await page.goto(`/scan/sessions/?location=${session!.location!.id}&analysis=${session!.sessionUUID}`);
      const analysis = page.getByRole("dialog", { name: "Session Analysis" });
      await expect(analysis.getByRole("heading", { name: label, level: 3 })).toBeVisible();
      const chosen = analysis.getByRole("table", { name: "Risk factors" }).getByRole("row").filter({ hasText: `${label}: chosen for every value.` });
      await expect(chosen).toHaveAttribute("aria-current", "true");
      await expect(chosen).toContainText("(this session)");
      await expectAccessible(page);
    } finally {
      const restored = await api.PUT("/v2/admin/scan/organizations/{orgId}/assessments/{assessmentId}/outcomes/risk-factors", {
        params: { path: { orgId: research!.id, assessmentId } },
        body: original!,
      });
      expect(restored.error, "the original outcome restored").toBeUndefined();
    }
  });

  test("client versions: edit Update Required; none for the latest; support cannot; provider admins are sent away", async ({ page }) => {
    const api = await adminApi();
    const versions = (await api.GET("/v2/admin/scan/clients/")).data as ClientVersion[];
    const latest = versions.find((v) => v.isLatest)!;
    // One version per project (they may run at the same time).
    const target = versions.filter((v) => !v.isLatest)[jsEnabled() ? 0 : 1]!;
    // An internal test build's version (003 §5), one per project too.
    const testVersion = versions.find((v) => v.versionId === (jsEnabled() ? "9999" : "9999a"))!;
    const restore = async () => {
      await api.PUT("/v2/admin/scan/clients/{versionId}", { params: { path: { versionId: testVersion.versionId } }, body: { updateRequired: testVersion.updateRequired } });
      return api.PUT("/v2/admin/scan/clients/{versionId}", { params: { path: { versionId: target.versionId } }, body: { updateRequired: target.updateRequired } });
    };

    try {
      await useSession(page, PRODUCT_ADMIN);
      await page.goto(VERSIONS);
      const list = page.getByRole("list", { name: "Client List" });
      const item = (v: string) => list.getByRole("listitem").filter({ hasText: `Version ID: ${v}` });
      await expect(item(latest.versionId)).toContainText("Latest");
      await expect(item(latest.versionId).getByRole("link", { name: /Edit/ })).toHaveCount(0);
      await expect(item(target.versionId)).toContainText(`Update Required: ${target.updateRequired ? "Yes" : "No"}`);
      await expectAccessible(page);

      await item(target.versionId).getByRole("link", { name: `Edit version ${target.versionId}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Scan Version" });
      await expect(dialog.getByLabel("Version ID")).toHaveValue(target.versionId);
      const box = dialog.getByLabel("Update Required");
      await expect(box).toBeChecked({ checked: target.updateRequired });
      await expectAccessible(page);
      await box.setChecked(!target.updateRequired);
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Successfully updated this Scan Version.");
      await expect(dialog).toHaveCount(0);
      await expect(item(target.versionId)).toContainText(`Update Required: ${target.updateRequired ? "No" : "Yes"}`);
      await expect(item(target.versionId)).toContainText(`Updated by ${PRODUCT_ADMIN.firstName} ${PRODUCT_ADMIN.lastName}`);
      await expectAccessible(page);

      // The version the form carries is checked by the one schema (a tampered post).
      const bad = await page.request.post(`${VERSIONS}?edit=${target.versionId}`, { form: { versionId: "2.18", updateRequired: "on" }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 });
      expect(bad.status()).toBe(400);
      expect(await bad.text()).toContain("Version ID must match the pattern X.X.X");
      // The version changed is the one the dialog's URL edits: a body naming another version changes nothing.
      // (A version neither project edits: not the two targets, not the internal test versions.)
      const other = versions.filter((v) => !v.isLatest).slice(2).find((v) => !["test", "9999", "9999a"].includes(v.versionId))!;
      const forged = await page.request.post(`${VERSIONS}?edit=${target.versionId}`, { form: { versionId: other.versionId, updateRequired: other.updateRequired ? "" : "on" }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 });
      expect(forged.status()).toBe(400);
      expect(await forged.text()).toContain(`This dialog edits version ${target.versionId}; the Version ID cannot be changed.`);
      const otherNow = ((await api.GET("/v2/admin/scan/clients/")).data as ClientVersion[]).find((v) => v.versionId === other.versionId)!;
      expect(otherNow.updateRequired).toBe(other.updateRequired);

      // The internal test versions save like any other (an audit finding: the API's pattern refused them).
      const testItem = list.getByRole("listitem").filter({ has: page.getByText(`Version ID: ${testVersion.versionId}`, { exact: true }) });
      await testItem.getByRole("link", { name: `Edit version ${testVersion.versionId}`, exact: true }).click();
      await expect(dialog.getByLabel("Version ID")).toHaveValue(testVersion.versionId);
      await expectAccessible(page);
      await dialog.getByLabel("Update Required").setChecked(!testVersion.updateRequired);
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Successfully updated this Scan Version.");
      await expect(testItem).toContainText(`Update Required: ${testVersion.updateRequired ? "No" : "Yes"}`);
      await expectAccessible(page);

      // Support staff read the list but change nothing (ADR 015).
      await switchUser(page, SUPPORT);
      await page.goto(VERSIONS);
      await expect(item(target.versionId)).toBeVisible();
      await expect(list.getByRole("link", { name: /Edit/ })).toHaveCount(0);
      await expectAccessible(page);
      const dialogUrl = await page.goto(`${VERSIONS}?edit=${target.versionId}`);
      expect(dialogUrl?.status()).toBe(403);
      const post = await page.request.post(`${VERSIONS}?edit=${target.versionId}`, { form: { versionId: target.versionId, updateRequired: "on" }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 });
      expect(post.status()).toBe(403);
      expect(await post.text()).toContain("Support staff cannot make this change; ask a product admin.");
      await expectAccessible(page);

      // A provider admin is sent to the root.
      await switchUser(page, PROVIDER_ADMIN);
      await page.goto(VERSIONS);
      await expect(page).not.toHaveURL(/\/admin\//);
    } finally {
      expect((await restore()).error, "Update Required restored").toBeUndefined();
    }
  });
});
