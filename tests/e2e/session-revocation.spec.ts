/**
 * Sessions end on the server (issue 23 finding 1, ASVS 3.3.1, ADR 025), in both projects: a copy of the session
 * cookie taken before "Log out" (or before the provider's removal) opens nothing afterwards — the patient list and a
 * patient's page answer the login page, not the names. The run's portal is two processes (a cluster, as a container
 * runs it): the copy is refused by both (the revocation lives in the cluster's primary; with THROTTLE_DATABASE_URL in
 * PostgreSQL, shown by app/auth/revocation.server.pg-test.ts).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Cookie, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { readState } from "../setup/state.js";
import { expect, expectAccessible, jsEnabled, test } from "./fixtures.js";
import { newHealthPatient } from "./helpers/patient-data.js";
import { useSession } from "./helpers/session.js";
import { apiAs, createProvider, PROVIDER_ADMIN, type NewProvider } from "./helpers/stack.js";
import { loginForm, logOut, signInAs } from "./helpers/ui.js";

const LOGIN_URL = /\/user\/login\/?(\?.*)?$/;
const SESSION_COOKIE = /^exer-session(\.\d+)?$/;

// New providers, sign-ins and pages checked by axe.
test.slow();

type LogLine = { msg?: string; requestId?: string; worker?: number };

/** The portal process that logged the request `requestId` (as replicas.spec.ts reads it; the line comes at the response's end). */
async function workerOf(requestId: string): Promise<number | undefined> {
  for (let i = 0; i < 50; i++) {
    const line = readFileSync(readState().portalLog, "utf8")
      .split("\n")
      .filter((l) => l.startsWith("{") && l.includes(requestId))
      .map((l) => JSON.parse(l) as LogLine)
      .find((l) => l.msg === "request" && l.requestId === requestId);
    if (line) return line.worker;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/** A provider of the demo organization with a patient of their own (its first name, unique, is what must not be served). */
async function providerWithPatient(): Promise<{ provider: NewProvider; patient: { id: string; name: string } }> {
  const provider = await createProvider();
  const patient = await newHealthPatient(await apiAs(provider.email, provider.password));
  return { provider, patient: { id: patient.id, name: patient.patient.firstName } };
}

/** Signed in as the provider, the list shows patients and the patient's page the patient; answers a copy of the session cookies and names seen. */
async function signedInCopy(page: Page, context: BrowserContext, provider: NewProvider, patient: { id: string; name: string }): Promise<{ copy: Cookie[]; names: string[] }> {
  await signInAs(page, provider.email, provider.password);
  await page.goto("/patients/");
  await expectAccessible(page);
  // The list's first patient: a name that must not be served under the copy either.
  const listed = (await page.getByRole("rowheader").first().textContent())?.trim() ?? "";
  expect(listed).not.toBe("");
  await page.goto(`/patients/${patient.id}/`);
  await expect(page.getByRole("main")).toContainText(patient.name);
  await expectAccessible(page);
  const copy = (await context.cookies()).filter((c) => SESSION_COOKIE.test(c.name));
  expect(copy.length, "the session cookies were copied").toBeGreaterThan(0);
  return { copy, names: [listed, patient.name] };
}

/** Each page, opened in a fresh browser context holding only the copied cookies, is the login page without the patient's name. */
async function expectCopyRefused(browser: Browser, { copy, names }: { copy: Cookie[]; names: string[] }, patient: { id: string }): Promise<void> {
  const { baseURL } = readState();
  for (const path of ["/patients/", `/patients/${patient.id}/`, `/patients/${patient.id}/health/`]) {
    // The raw answer: a redirect to the login page, never a 200 with the patient — from each of the portal's
    // processes (a new connection per request; the log says which process answered).
    const raw = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: copy.map((c) => `${c.name}=${c.value}`).join("; ") } });
    const answeredBy = new Set<number | undefined>();
    try {
      for (let i = 0; i < 12 && answeredBy.size < 2; i++) {
        const requestId = `e2e-revoked-${randomUUID()}`;
        const res = await raw.get(path, { maxRedirects: 0, headers: { "X-Request-Id": requestId, Connection: "close" } });
        expect(res.status(), `${path} with the copied cookie`).toBe(302);
        expect(res.headers().location, `${path} leads to the login page`).toMatch(LOGIN_URL);
        const body = await res.text();
        for (const name of names) expect(body).not.toContain(name);
        answeredBy.add(await workerOf(requestId));
      }
    } finally {
      await raw.dispose();
    }
    expect(answeredBy.size, `${path}: refused by both portal processes`).toBe(2);
    // In a browser (the project's JavaScript setting).
    const context = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled() });
    try {
      await context.addCookies(copy);
      const page = await context.newPage();
      await page.goto(path);
      await expect(page).toHaveURL(LOGIN_URL);
      await expect(loginForm(page).submit).toBeVisible();
      for (const name of names) await expect(page.locator("body")).not.toContainText(name);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  }
}

test("after Log out, a copy of the session cookie taken before opens neither the patient list nor a patient's page", async ({ page, context, browser }) => {
  const { provider, patient } = await providerWithPatient();
  const seen = await signedInCopy(page, context, provider, patient);
  await logOut(page);
  await expectCopyRefused(browser, seen, patient);
});

test("after a provider's removal by their admin, their sessions end at once: a copy of the cookie opens nothing", async ({ page, context, browser }) => {
  const { provider, patient } = await providerWithPatient();
  const seen = await signedInCopy(page, context, provider, patient);

  // The organization's admin removes the provider through the portal (another browser).
  const adminContext = await browser.newContext({ baseURL: readState().baseURL, javaScriptEnabled: jsEnabled() });
  try {
    const admin = await adminContext.newPage();
    await useSession(admin, PROVIDER_ADMIN.email);
    await admin.goto(`/organization/providers/?dialog=delete&provider=${provider.practitionerId}`);
    const confirm = admin.getByRole("alertdialog", { name: "Delete Provider" });
    await expect(confirm).toContainText(provider.email);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(admin).toHaveURL(/\/organization\/providers\/$/);
  } finally {
    await adminContext.close();
  }

  await expectCopyRefused(browser, seen, patient);
  // The provider's own browser is signed out too.
  await page.goto("/patients/");
  await expect(page).toHaveURL(LOGIN_URL);
  await expectAccessible(page);
});
