/**
 * Several portal processes (ADR 017): the E2E portal runs with WEB_CONCURRENCY=2 (tests/setup/portal.ts), so
 * every spec goes through two processes. Here: both really serve requests, and a double submit whose two posts
 * are answered by different processes saves once — the form's token is the provider API's Idempotency-Key, and
 * the API, not a process's memory, replays the first answer. Which process answered is read from the portal's
 * log (each worker's lines carry `worker`; the posts carry our own X-Request-Id).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { test, expect, expectAccessible } from "./fixtures.js";
import { PRACTITIONER, apiAs } from "./helpers/stack.js";
import { careNotes, newHealthPatient, orgClock, sectionUrl, type Api } from "./helpers/patient-data.js";
import { useSession } from "./helpers/session.js";
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

test("a double submit answered by two different processes saves the care note once", async ({ page, baseURL }) => {
  const patient = await newHealthPatient(api);
  const url = `${sectionUrl(patient.id, "health", "care")}?dialog=care-note-new`;
  await page.goto(url);
  await expectAccessible(page);
  const origin = new URL(baseURL!).origin;
  // Each attempt is a new opening of the form (its own token, its own text); repeat until the two posts of one
  // attempt were handled by different processes (connections are shared out round robin, so this is quick).
  for (let attempt = 1; attempt <= 10; attempt++) {
    const formToken = randomUUID();
    const text = `Twice through two processes ${attempt}`;
    const form = { intent: "care-note-create", formToken, date: today, minutes: "20", notes: text };
    const ids = [`e2e-double-a-${formToken}`, `e2e-double-b-${formToken}`];
    const [a, b] = await Promise.all(ids.map((id) => page.request.post(url, { form, headers: { Origin: origin, "X-Request-Id": id, Connection: "close" }, maxRedirects: 0 })));
    expect([a!.status(), b!.status()]).toEqual([302, 302]);
    expect(b!.headers()["location"]).toBe(a!.headers()["location"]);
    const saved = (await careNotes(api, patient.id)).filter((n) => n.notes === text);
    expect(saved, `attempt ${attempt}: one note for one form`).toHaveLength(1);
    const [wa, wb] = await Promise.all(ids.map(workerOf));
    expect(wa).toBeDefined();
    expect(wb).toBeDefined();
    if (wa !== wb) return;
  }
  throw new Error("the two posts never reached different processes in 10 attempts");
});

test("a double click on Add saves one care note", async ({ page }) => {
  const patient = await newHealthPatient(api);
  await page.goto(`${sectionUrl(patient.id, "health", "care")}?dialog=care-note-new`);
  await expectAccessible(page);
  const dialog = page.getByRole("dialog", { name: "Add Care Note" });
  await dialog.getByLabel("Notes").fill("Double clicked");
  await dialog.getByRole("button", { name: "Add" }).dblclick();
  await expect(page.getByRole("status").getByText("Interaction has been successfully added.")).toBeVisible();
  await expect(page).not.toHaveURL(/dialog=/);
  // Give a second post, if the browser sent one, the time to finish before counting.
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);
  expect((await careNotes(api, patient.id)).map((n) => n.notes)).toEqual(["Double clicked"]);
});
