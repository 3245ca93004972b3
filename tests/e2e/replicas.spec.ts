/**
 * Several portal processes (ADR 017): the E2E portal runs with WEB_CONCURRENCY=2 (tests/setup/portal.ts), so
 * every spec goes through two processes. Here: both really serve requests, and a double submit whose two posts
 * are answered by different processes saves once — the form's token is the provider API's Idempotency-Key, and
 * the API, not a process's memory, replays the first answer — for a JSON create, a multipart upload and a delete
 * whose action reads the record first. Which process answered is read from the portal's
 * log (each worker's lines carry `worker`; the posts carry our own X-Request-Id).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { test, expect, expectAccessible } from "./fixtures.js";
import { PRACTITIONER, PROVIDER_ADMIN, apiAs } from "./helpers/stack.js";
import { careNotes, newHealthPatient, orgClock, sectionUrl, type Api } from "./helpers/patient-data.js";
import { currentUser, findPatients, uniqueTag } from "./helpers/patient-list.js";
import { useSession } from "./helpers/session.js";
import { expectToast } from "./helpers/ui.js";
import { readState } from "../setup/state.js";

let api: Api;
let today: string;

test.beforeAll(async () => {
  api = await apiAs(PRACTITIONER.email);
  today = (await orgClock(api)).today;
});

test.beforeEach(async ({ page }) => {
  await useSession(page, PRACTITIONER);
});

type LogLine = { msg?: string; requestId?: string; worker?: number };
const logLines = (): LogLine[] =>
  readFileSync(readState().portalLog, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine);

/** The worker that logged the request `requestId` (polls briefly: the line is written when the response ends). */
async function workerOf(requestId: string): Promise<number | undefined> {
  for (let i = 0; i < 50; i++) {
    const line = logLines().find((l) => l.msg === "request" && l.requestId === requestId);
    if (line) return line.worker;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

test("the portal runs as two processes that both answer", async ({ page }) => {
  const listening = new Set(logLines().filter((l) => l.msg === "portal listening").map((l) => l.worker));
  expect(listening.size, "two workers listening (WEB_CONCURRENCY=2)").toBeGreaterThanOrEqual(2);
  const served = new Set<number | undefined>();
  for (let i = 0; i < 12 && served.size < 2; i++) {
    const id = `e2e-replica-${randomUUID()}`;
    // A page that is logged at info (/healthz is logged at debug only): the not-found page.
    const res = await page.request.get(`/e2e-no-such-page-${i}`, { headers: { "X-Request-Id": id, Connection: "close" } });
    expect(res.status()).toBe(404);
    served.add(await workerOf(id));
  }
  expect(served.size, "requests answered by both processes").toBe(2);
});

/**
 * Runs `attempt` — one form posted twice, each post with the request id given — until the two posts of an attempt
 * were answered by different processes (connections are shared out round robin, so this is quick). Each attempt
 * is a new opening of the form: its own token, its own data.
 */
async function untilBothProcessesAnswered(attempt: (n: number, requestIds: [string, string]) => Promise<void>) {
  for (let n = 1; n <= 10; n++) {
    const requestIds: [string, string] = [`e2e-twice-a-${randomUUID()}`, `e2e-twice-b-${randomUUID()}`];
    await attempt(n, requestIds);
    const [wa, wb] = await Promise.all(requestIds.map(workerOf));
    expect(wa).toBeDefined();
    expect(wb).toBeDefined();
    if (wa !== wb) return;
  }
  throw new Error("the two posts never reached different processes in 10 attempts");
}

const postHeaders = (baseURL: string | undefined, requestId: string) => ({ Origin: new URL(baseURL!).origin, "X-Request-Id": requestId, Connection: "close" });

test("a double submit answered by two different processes saves the care note once", async ({ page, baseURL }) => {
  const patient = await newHealthPatient(api);
  const url = `${sectionUrl(patient.id, "health", "care")}?dialog=care-note-new`;
  await page.goto(url);
  await expectAccessible(page);
  await untilBothProcessesAnswered(async (n, ids) => {
    const text = `Twice through two processes ${n}`;
    const form = { intent: "care-note-create", formToken: randomUUID(), date: today, minutes: "20", notes: text };
    const [a, b] = await Promise.all(ids.map((id) => page.request.post(url, { form, headers: postHeaders(baseURL, id), maxRedirects: 0 })));
    expect([a!.status(), b!.status()]).toEqual([302, 302]);
    expect(b!.headers()["location"]).toBe(a!.headers()["location"]);
    const saved = (await careNotes(api, patient.id)).filter((n) => n.notes === text);
    expect(saved, `attempt ${n}: one note for one form`).toHaveLength(1);
  });
});

test("a bulk add sent again after its answer, to the other process, imports the file once and reports success", async ({ page, baseURL }) => {
  const location = (await currentUser(api)).locations[0]!.name;
  const url = "/patients/?index&add=true&mode=bulk";
  await page.goto("/patients/?add=true&mode=bulk");
  await expectAccessible(page);
  await untilBothProcessesAnswered(async (n, ids) => {
    const tag = uniqueTag();
    const csv = ["firstName,lastName,email,phoneNumber,dob,injuredSideOfBody,injuredBodyPart,locationName", `Resent,${tag},resent.${tag}@e2e.example,,1970-01-01,Left,Knee,${location}`].join("\r\n");
    // The same form (token, product, file) twice, the second once the first was answered: a resend after a slow
    // answer. The portal writes a new multipart body (a new boundary) for each; the API keys by what it holds.
    const multipart = { formToken: randomUUID(), product: "HEALTH", file: { name: "patients.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } };
    const a = await page.request.post(url, { multipart, headers: postHeaders(baseURL, ids[0]), maxRedirects: 0 });
    const b = await page.request.post(url, { multipart, headers: postHeaders(baseURL, ids[1]), maxRedirects: 0 });
    expect([a.status(), b.status()], `attempt ${n}: both answered with the list and its success toast`).toEqual([302, 302]);
    expect(b.headers()["location"]).toBe(a.headers()["location"]);
    expect(await findPatients(api, tag), `attempt ${n}: one patient for one file`).toHaveLength(1);
  });
});

test("a provider delete sent again after its answer, to the other process, reports the removal instead of 'not found'", async ({ page, baseURL }) => {
  const admin = await apiAs(PROVIDER_ADMIN.email);
  const locationId = (await currentUser(admin)).locations[0]!.id;
  await useSession(page, PROVIDER_ADMIN);
  const url = "/organization/providers/?tab=invited";
  await page.goto(url);
  await expectAccessible(page);
  let removed = "";
  await untilBothProcessesAnswered(async (n, ids) => {
    const tag = uniqueTag();
    removed = `Twice Removed ${tag}`;
    const invited = await admin.POST("/v2/practitioners", { body: { firstName: "Twice", lastName: `Removed ${tag}`, email: `e2e-twice-${tag}@e2e.example`, role: "PORTAL_PRACTITIONER", locationIds: [locationId] } });
    expect(invited.data, `attempt ${n}: invited`).toBeDefined();
    // The second post reads the providers after the first removed this one: its keyed delete gets the API's stored success.
    const form = { intent: "delete", id: invited.data!.id, name: removed, formToken: randomUUID() };
    const a = await page.request.post(url, { form, headers: postHeaders(baseURL, ids[0]), maxRedirects: 0 });
    const b = await page.request.post(url, { form, headers: postHeaders(baseURL, ids[1]), maxRedirects: 0 });
    expect([a.status(), b.status()], `attempt ${n}: both answered with the removal`).toEqual([302, 302]);
    expect(b.headers()["location"]).toBe(a.headers()["location"]);
  });
  // The toast of the last post names the provider (the dialog's copy of the name: the record is gone).
  await page.goto(url);
  await expectToast(page, `${removed} has been removed from your organization.`);
  await expectAccessible(page);
});

test("a double click on Add saves one care note", async ({ page }) => {
  const patient = await newHealthPatient(api);
  await page.goto(`${sectionUrl(patient.id, "health", "care")}?dialog=care-note-new`);
  await expectAccessible(page);
  const dialog = page.getByRole("dialog", { name: "Add Care Note" });
  // Minutes start empty (issue 32: the old default, 20, was exactly 98980's threshold).
  await dialog.getByLabel("Minutes").fill("10");
  await dialog.getByLabel("Notes").fill("Double clicked");
  await dialog.getByRole("button", { name: "Add" }).dblclick();
  await expect(page.getByRole("status").getByText("Interaction has been successfully added.")).toBeVisible();
  await expect(page).not.toHaveURL(/dialog=/);
  // Give a second post, if the browser sent one, the time to finish before counting.
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);
  expect((await careNotes(api, patient.id)).map((n) => n.notes)).toEqual(["Double clicked"]);
});
