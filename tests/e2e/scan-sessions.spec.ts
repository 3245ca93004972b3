/**
 * Scan Sessions (issue 12; spec 002 §2 "Scan Sessions", "Session analysis dialog", §4, §8): as the scan-only admin,
 * the page asks for a location, then shows the table; a preset change resets the page, the pager pages; a UUID
 * search finds exactly that session with the other filters disabled; a pre-2.18.0 session refuses replay; a pose
 * log downloads as JSON frames; the analysis dialog of a sit-to-stand session asks for age and sex (defaults),
 * changes its outcome with them, and prints a real PDF; an assessment without an outcome says so. The research
 * organization's extra action exports a session as JSON; others get 404. Both projects; data read only.
 */
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, demo, SCAN_ONLY } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { expectToast } from "./helpers/ui.js";
import type { components } from "../../openapi/provider-api.js";
import { SIT_TO_STAND_CUTOFFS } from "../../reference-api/src/areas/scan/catalogue.js";

type Session = components["schemas"]["ScanSession"];
const PATH = "/scan/sessions/";
const RESEARCH = demo("research@research.example");
const DAY = 86_400_000;

let sessions: Session[] = [];
let location: { id: string; name: string };

async function allSessions(email: string): Promise<Session[]> {
  const api = await apiAs(email);
  const r = await api.GET("/v2/scan/sessions/pages", { params: { query: { page: 1, limit: 999 } } });
  if (!r.data) throw new Error(`scan sessions: ${r.response.status}`);
  return r.data.items;
}

test.beforeAll(async () => {
  sessions = await allSessions(SCAN_ONLY.email);
  // The location with the most sessions in the last 90 days (the pager needs more than 20).
  const recent = sessions.filter((s) => Date.parse(s.createdDate) > Date.now() - 88 * DAY && s.location);
  const counts = new Map<string, { id: string; name: string; n: number }>();
  for (const s of recent) {
    const c = counts.get(s.location!.id) ?? { id: s.location!.id, name: s.location!.name, n: 0 };
    c.n++;
    counts.set(c.id, c);
  }
  const best = [...counts.values()].sort((a, b) => b.n - a.n)[0];
  expect(best && best.n > 20, "a location with more than one page of sessions in 90 days").toBeTruthy();
  location = best!;
});

const table = (page: Page) => page.getByRole("table", { name: "Scan sessions" });
const rows = (page: Page) => table(page).locator("tbody").getByRole("row");

async function searchUuid(page: Page, uuid: string) {
  const search = page.getByRole("search", { name: "Find a session by UUID" });
  await search.getByLabel("Session UUID").fill(uuid);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`uuid=${uuid}`));
  await expect(rows(page)).toHaveCount(1);
}

test.describe("scan sessions", () => {
  test("a location first, then the table; a preset change resets the page; the pager", async ({ page }) => {
    await useSession(page, SCAN_ONLY);
    const root = await page.request.get("/scan/", { maxRedirects: 0 });
    expect(root.status()).toBe(302);
    expect(root.headers()["location"]).toBe("/scan/sessions/");
    // The page asks for a location first (the 90-day range asked for is kept when it is picked).
    await page.goto(`${PATH}?range=90`);
    await expect(page.getByRole("heading", { name: "Scan Sessions", level: 1 })).toBeVisible();
    const locationSelect = page.getByRole("form", { name: "Scan sessions location" }).getByLabel("Location");
    await expect(locationSelect).toHaveValue("");
    await expect(page.getByRole("option", { name: "Select Location" })).toBeAttached();
    await expect(table(page)).toHaveCount(0);
    await expectAccessible(page);

    await locationSelect.selectOption(location.id.toLowerCase());
    if (!jsEnabled()) await page.getByRole("button", { name: "Show sessions" }).click();
    await expect(page).toHaveURL(new RegExp(`location=${location.id}`, "i"));
    expect(page.url()).toContain("range=90");
    await expect(rows(page)).toHaveCount(20);
    await expect(page.getByText(/^1–20 of \d+ · Page 1 of \d+$/)).toBeVisible();
    await expectAccessible(page);
    // A row offers Replay and a log's download only where the session has that log (issue 25).
    const noLogs = rows(page).filter({ hasText: "No pose logs available" });
    expect(await noLogs.count(), "page 1 has sessions without a log").toBeGreaterThan(0);
    await expect(noLogs.getByRole("link", { name: /^(Replay|Download)/ })).toHaveCount(0);
    await expect(noLogs.filter({ hasText: "Cannot replay" })).toHaveCount(0);

    // Page 2 by the pager; a preset change goes back to page 1.
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^21–\d+ of \d+ · Page 2 of \d+$/)).toBeVisible();
    await expectAccessible(page);
    const filters = page.getByRole("search", { name: "Filter scan sessions" });
    await filters.getByLabel("Date range").selectOption("7");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/range=7/);
    expect(page.url()).not.toContain("page=");
    await expect(page.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  });

  test("a UUID search ignores and disables the other filters; replay refused before 2.18.0; the pose log downloads; copy the UUID", async ({ page, context }) => {
    await useSession(page, SCAN_ONLY);
    // A pre-2.18.0 session (any location): the UUID search ignores the location and dates, the filters are disabled.
    // (One with a log: a session with neither log offers no replay to refuse, issue 25.)
    const old = sessions.find((s) => /^2\.1[0-7]\./.test(s.session.meta.scanVersion) && s.artifacts.length > 0 && s.location && s.location.id !== location.id);
    expect(old, "a session recorded before 2.18.0, with a log, at another location").toBeDefined();
    await page.goto(`${PATH}?location=${location.id}&range=7&uuid=${old!.sessionUUID}`);
    await expect(rows(page)).toHaveCount(1);
    const filters = page.getByRole("search", { name: "Filter scan sessions" });
    await expect(filters.getByLabel("Date range")).toBeDisabled();
    await expect(filters.getByLabel("Practitioner")).toBeDisabled();
    const oldRow = rows(page).first();
    await expect(oldRow).toContainText(`${old!.sessionUUID.slice(0, 4)}…${old!.sessionUUID.slice(-4)}`);
    await expect(oldRow).toContainText("Cannot replay for sessions < 2.18.0");
    await expect(oldRow.getByRole("link", { name: /^Replay/ })).toHaveCount(0);
    await expectAccessible(page);

    // A session with a pose log: its download is the log's JSON with frames.
    const logged = sessions.find((s) => s.artifacts.includes("pose-log"));
    expect(logged, "a session with a pose log").toBeDefined();
    await searchUuid(page, logged!.sessionUUID);
    const row = rows(page).first();
    await expect(row.getByRole("link", { name: /^Replay/ })).toHaveAttribute("href", `/scan/sessions/${logged!.id}/replay`);
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: /^Download pose log/ }).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const log = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { frames?: unknown[] };
    expect(Array.isArray(log.frames) && log.frames.length > 0, "the log has frames").toBe(true);

    // The full UUID: with JavaScript a Copy button ('Copied UUID.', the clipboard holds it); without, selectable text.
    if (jsEnabled()) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await row.getByRole("button", { name: /^Copy UUID/ }).click();
      await expectToast(page, "Copied UUID.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(logged!.sessionUUID);
    } else {
      await row.getByText(`${logged!.sessionUUID.slice(0, 4)}…${logged!.sessionUUID.slice(-4)}`).click();
      await expect(row.getByText(logged!.sessionUUID, { exact: true })).toBeVisible();
    }
  });

  test("the analysis: demographics prompt, outcome by age and sex, factor table, PDF; no outcome for AST-0024", async ({ page }) => {
    test.slow(); // five analyses, each checked for accessibility
    await useSession(page, SCAN_ONLY);
    // A sit-to-stand time above the cut-off of the session's demographics (or 65 / male) and at most the women's 90+ one.
    const cutoff = (d: { age: number; sex: "MALE" | "FEMALE" }) => SIT_TO_STAND_CUTOFFS.find((b) => d.age >= b.from && (b.to === null || d.age < b.to))?.[d.sex];
    const sts = sessions.filter((s) => ["AST-0011", "AST-0012"].includes(s.session.data.assessmentId)).find((s) => {
      const v = s.session.data.results.find((r) => r.id === "sitToStandTime")?.value ?? 0;
      const cut = cutoff(s.session.meta.demographics ?? { age: 65, sex: "MALE" });
      return cut !== undefined && v > cut && v <= 22.9;
    });
    expect(sts, "a high-risk sit-to-stand session").toBeDefined();
    const demo = sts!.session.meta.demographics ?? { age: 65, sex: "MALE" as const };
    await page.goto(`${PATH}?location=${sts!.location!.id}&analysis=${sts!.sessionUUID}`);
    const dialog = page.getByRole("dialog", { name: "Session Analysis" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Age", { exact: true })).toHaveValue(String(demo.age));
    await expect(dialog.getByLabel("Sex", { exact: true })).toHaveValue(demo.sex);
    await expect(dialog.getByRole("heading", { name: "High Risk", level: 3 })).toBeVisible();
    const sexWord = demo.sex === "MALE" ? "male" : "female";
    const factors = dialog.getByRole("table", { name: `Risk factors for ${sexWord} participants aged ${demo.age}` });
    await expect(factors.getByRole("row")).toHaveCount(3);
    await expect(factors).toContainText(`> ${cutoff(demo)} s; Age >= `);
    await expect(dialog.getByRole("img", { name: /^Risk scale from Low Risk .* to High Risk .*: High Risk\.$/ })).toBeVisible();
    await expectAccessible(page);

    const age = dialog.getByLabel("Age", { exact: true });
    await age.fill("95");
    await dialog.getByLabel("Sex", { exact: true }).selectOption("FEMALE");
    await dialog.getByRole("button", { name: "Update analysis" }).click();
    await expect(page).toHaveURL(/age=95&sex=FEMALE/);
    await expect(dialog.getByRole("heading", { name: "Low Risk", level: 3 })).toBeVisible();
    await expect(dialog.getByRole("table", { name: "Risk factors for female participants aged 95" })).toContainText("<= 22.9 s");
    await expectAccessible(page);

    // Print: a real PDF of this analysis, opened in a new tab.
    const print = dialog.getByRole("link", { name: /Print PDF/ });
    await expect(print).toHaveAttribute("target", "_blank");
    const href = await print.getAttribute("href");
    expect(href).toContain("age=95&sex=FEMALE");
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 4).toString()).toBe("%PDF");

    // An age outside every band of the rule (issue 25): the default result, said so, no slider or table of the
    // other bands (they ran past the dialog's edge, the marker off the scale).
    await age.fill("30");
    await dialog.getByRole("button", { name: "Update analysis" }).click();
    await expect(page).toHaveURL(/age=30/);
    await expect(dialog.getByRole("heading", { name: "Low Risk", level: 3 })).toBeVisible();
    await expect(dialog.getByRole("status").filter({ hasText: "No band of this rule applies to female participants aged 30: the default result, Low Risk, is shown." })).toBeVisible();
    await expect(dialog.getByRole("table")).toHaveCount(0);
    await expect(dialog.getByRole("img", { name: /^Risk scale/ })).toHaveCount(0);
    await expectAccessible(page);

    // A bad age: the field's message, the input kept as typed (a text input: a number input dropped "abc",
    // issue 25); Close drops the dialog's params.
    await age.fill("abc");
    await dialog.getByRole("button", { name: "Update analysis" }).click();
    await expect(page).toHaveURL(/age=abc/);
    await expect(dialog.getByText("Enter an age from 1 to 120.")).toBeVisible();
    await expect(age).toHaveValue("abc");
    await expect(dialog.getByRole("heading", { name: "High Risk", level: 3 })).toHaveCount(0);
    await expectAccessible(page);
    await expect(dialog.getByRole("link", { name: "Close" }).first()).toHaveAttribute("href", `${PATH}?location=${sts!.location!.id}`);

    const rom = sessions.find((s) => s.session.data.assessmentId === "AST-0024");
    expect(rom, "a range-of-motion session").toBeDefined();
    await page.goto(`${PATH}?location=${rom!.location!.id}&analysis=${rom!.sessionUUID}`);
    await expect(page.getByRole("dialog", { name: "Session Analysis" }).getByRole("alert")).toHaveText("No Analysis Data For That Assessment.");
    await expectAccessible(page);

    // From its row's Analysis link on a page without a dialog: with JavaScript a client navigation, the dialog's code
    // coming with this first opening (ADR 038).
    await page.goto(`${PATH}?location=${rom!.location!.id}&uuid=${rom!.sessionUUID}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expectAccessible(page);
    await rows(page).first().getByRole("link", { name: /^Analysis of session / }).click();
    await expect(page).toHaveURL(new RegExp(`analysis=${rom!.sessionUUID}`));
    await expect(page.getByRole("dialog", { name: "Session Analysis" }).getByRole("alert")).toHaveText("No Analysis Data For That Assessment.");
    await expectAccessible(page);
  });

  test("the research organization exports a session as JSON; other organizations get 404", async ({ page }) => {
    const mine = (await allSessions(RESEARCH.email))[0];
    expect(mine, "the research practitioner sees a session").toBeDefined();
    await useSession(page, RESEARCH);
    await page.goto(`${PATH}?location=${mine!.location!.id}&uuid=${mine!.sessionUUID}`);
    const link = rows(page).first().getByRole("link", { name: /^Export data \(JSON\)/ });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`scan-session-${mine!.sessionUUID}.json`);
    const chunks: Buffer[] = [];
    for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { session: Session };
    expect(body.session.sessionUUID).toBe(mine!.sessionUUID);
    await expectAccessible(page);

    await page.context().clearCookies();
    await useSession(page, SCAN_ONLY);
    const other = sessions[0]!;
    await page.goto(`${PATH}?location=${other.location!.id}&uuid=${other.sessionUUID}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole("link", { name: /^Export data/ })).toHaveCount(0);
    const refused = await page.request.get(`/scan/sessions/${other.sessionUUID}/export.json`);
    expect(refused.status()).toBe(404);
  });
});
